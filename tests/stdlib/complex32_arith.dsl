-- complex32: + - * / (infix, qualified), neg and ==, element by element.
-- ==
-- input { [1.0f32, -3.0f32, 0.0f32, 2.5f32, -1.0f32]
--   [2.0f32, 0.5f32, 0.0f32, -4.0f32, -1.0f32] [3.0f32, 2.0f32, 1.0f32, -0.5f32, -1.0f32]
--   [4.0f32, -1.0f32, 1.0f32, 2.0f32, -1.0f32] }
-- output { [4.0f32, -1.0f32, 1.0f32, 2.0f32, -2.0f32]
--   [6.0f32, -0.5f32, 1.0f32, -2.0f32, -2.0f32] [-2.0f32, -5.0f32, -1.0f32, 3.0f32, 0.0f32]
--   [-2.0f32, 1.5f32, -1.0f32, -6.0f32, 0.0f32] [-5.0f32, -5.5f32, 0.0f32, 6.75f32, 0.0f32]
--   [10.0f32, 4.0f32, 0.0f32, 7.0f32, 2.0f32] [0.44f32, -1.3f32, 0.0f32, -2.1764706f32, 1.0f32]
--   [0.08f32, -0.4f32, 0.0f32, -0.7058824f32, 0.0f32] [-1.0f32, 3.0f32, 0.0f32, -2.5f32, 1.0f32]
--   [-2.0f32, -0.5f32, 0.0f32, 4.0f32, 1.0f32] [false, false, false, false, true]
--   [true, true, true, true, true] }

import "complex"

module c = complex32

entry main [n] (ar: [n]f32) (ai: [n]f32) (br: [n]f32) (bi: [n]f32) =
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
