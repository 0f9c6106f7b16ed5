-- complex32: scale by a real, and mul_i and mul_neg_i, which equal multiplication by i and -i.
-- ==
-- input { [2.0f32, -0.5f32, 0.0f32, 3.0f32] [1.0f32, -3.0f32, 4.0f32, 0.0f32]
--   [2.0f32, 0.5f32, -4.0f32, -1.0f32] }
-- output { [2.0f32, 1.5f32, 0.0f32, 0.0f32] [4.0f32, -0.25f32, 0.0f32, -3.0f32]
--   [-2.0f32, -0.5f32, 4.0f32, 1.0f32] [1.0f32, -3.0f32, 4.0f32, 0.0f32]
--   [2.0f32, 0.5f32, -4.0f32, -1.0f32] [-1.0f32, 3.0f32, -4.0f32, 0.0f32]
--   [true, true, true, true] }

import "complex"

module c = complex32

entry main [n] (ss: [n]f32) (xs: [n]f32) (ys: [n]f32) =
  let zs = map2 c.mk xs ys
  let scaled = map2 c.scale ss zs
  let pi = map c.mul_i zs
  let ni = map c.mul_neg_i zs
  let same = map3 (\z a b -> a c.== z c.* c.i && b c.== z c.* c.neg c.i) zs pi ni
  in (map c.re scaled, map c.im scaled, map c.re pi, map c.im pi, map c.re ni, map c.im ni,
      same)
