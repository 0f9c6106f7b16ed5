-- complex32: conj, mag and arg in all four quadrants, on the axes and at 0 (arg in (-pi, pi]).
-- ==
-- input { [3.0f32, -3.0f32, -3.0f32, 3.0f32, -2.0f32, 0.0f32, 0.0f32, 0.001f32] [4.0f32,
--   4.0f32, -4.0f32, -4.0f32, 0.0f32, 0.0f32, 5.0f32, 0.0f32] }
-- output { [3.0f32, -3.0f32, -3.0f32, 3.0f32, -2.0f32, 0.0f32, 0.0f32, 0.001f32] [-4.0f32,
--   -4.0f32, 4.0f32, 4.0f32, 0.0f32, 0.0f32, -5.0f32, 0.0f32] [5.0f32, 5.0f32, 5.0f32, 5.0f32,
--   2.0f32, 0.0f32, 5.0f32, 0.001f32] [0.9272952f32, 2.2142974f32, -2.2142974f32, -0.9272952f32,
--   3.1415927f32, 0.0f32, 1.5707963f32, 0.0f32] }

import "complex"

module c = complex32

entry main [n] (xs: [n]f32) (ys: [n]f32) =
  let zs = map2 c.mk xs ys
  let cs = map c.conj zs
  in (map c.re cs, map c.im cs, map c.mag zs, map c.arg zs)
