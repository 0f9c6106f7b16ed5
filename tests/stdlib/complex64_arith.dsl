-- complex64: + - * / (infix, qualified), neg and ==, element by element.
-- ==
-- input { [1.0f64, -3.0f64, 0.0f64, 2.5f64, -1.0f64]
--   [2.0f64, 0.5f64, 0.0f64, -4.0f64, -1.0f64] [3.0f64, 2.0f64, 1.0f64, -0.5f64, -1.0f64]
--   [4.0f64, -1.0f64, 1.0f64, 2.0f64, -1.0f64] }
-- output { [4.0f64, -1.0f64, 1.0f64, 2.0f64, -2.0f64]
--   [6.0f64, -0.5f64, 1.0f64, -2.0f64, -2.0f64] [-2.0f64, -5.0f64, -1.0f64, 3.0f64, 0.0f64]
--   [-2.0f64, 1.5f64, -1.0f64, -6.0f64, 0.0f64] [-5.0f64, -5.5f64, 0.0f64, 6.75f64, 0.0f64]
--   [10.0f64, 4.0f64, 0.0f64, 7.0f64, 2.0f64] [0.44f64, -1.3f64, 0.0f64, -2.1764706f64, 1.0f64]
--   [0.08f64, -0.4f64, 0.0f64, -0.7058824f64, 0.0f64] [-1.0f64, 3.0f64, 0.0f64, -2.5f64, 1.0f64]
--   [-2.0f64, -0.5f64, 0.0f64, 4.0f64, 1.0f64] [false, false, false, false, true]
--   [true, true, true, true, true] }

import "complex"

module c = complex64

entry main [n] (ar: [n]f64) (ai: [n]f64) (br: [n]f64) (bi: [n]f64) =
  let a = map2 c.mk ar ai
  let b = map2 c.mk br bi
  let parts (zs: [n]c.t) = (map c.re zs, map c.im zs)
  let (s_re, s_im) = parts (map2 (c.+) a b)
  let (d_re, d_im) = parts (map2 (\x y -> x c.- y) a b)
  let (p_re, p_im) = parts (map2 (c.*) a b)
  let (q_re, q_im) = parts (map2 (\x y -> x c./ y) a b)
  let (n_re, n_im) = parts (map c.neg a)
  in (s_re, s_im, d_re, d_im, p_re, p_im, q_re, q_im, n_re, n_im,
      map2 (c.==) a b, map2 (c.==) a a)
