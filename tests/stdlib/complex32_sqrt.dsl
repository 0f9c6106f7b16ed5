-- complex32: sqrt, the root with a non-negative real part and an imaginary part of the sign of z's.
-- ==
-- input { [3.0f32, 3.0f32, -3.0f32, -4.0f32, 4.0f32, 0.0f32, 0.0f32, -1.0f32] [4.0f32,
--   -4.0f32, 4.0f32, 0.0f32, 0.0f32, 0.0f32, 2.0f32, -1.0f32] }
-- output { [2.0f32, 2.0f32, 1.0f32, 0.0f32, 2.0f32, 0.0f32, 1.0f32, 0.4550899f32] [1.0f32,
--   -1.0f32, 2.0f32, 2.0f32, 0.0f32, 0.0f32, 1.0f32, -1.0986841f32] }

import "complex"

module c = complex32

entry main [n] (xs: [n]f32) (ys: [n]f32) =
  let rs = map c.sqrt (map2 c.mk xs ys)
  in (map c.re rs, map c.im rs)
