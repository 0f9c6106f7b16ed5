-- complex64: scale by a real, and mul_i and mul_neg_i, which equal multiplication by i and -i.
-- ==
-- input { [2.0f64, -0.5f64, 0.0f64, 3.0f64] [1.0f64, -3.0f64, 4.0f64, 0.0f64]
--   [2.0f64, 0.5f64, -4.0f64, -1.0f64] }
-- output { [2.0f64, 1.5f64, 0.0f64, 0.0f64] [4.0f64, -0.25f64, 0.0f64, -3.0f64]
--   [-2.0f64, -0.5f64, 4.0f64, 1.0f64] [1.0f64, -3.0f64, 4.0f64, 0.0f64]
--   [2.0f64, 0.5f64, -4.0f64, -1.0f64] [-1.0f64, 3.0f64, -4.0f64, 0.0f64]
--   [true, true, true, true] }

import "complex"

module c = complex64

entry main [n] (ss: [n]f64) (xs: [n]f64) (ys: [n]f64) =
  let zs = map2 c.mk xs ys
  let scaled = map2 c.scale ss zs
  let pi = map c.mul_i zs
  let ni = map c.mul_neg_i zs
  let same = map3 (\z a b -> a c.== z c.* c.i && b c.== z c.* c.neg c.i) zs pi ni
  in (map c.re scaled, map c.im scaled, map c.re pi, map c.im pi, map c.re ni, map c.im ni,
      same)
