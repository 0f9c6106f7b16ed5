-- complex64: conj, mag and arg in all four quadrants, on the axes and at 0 (arg in (-pi, pi]).
-- ==
-- input { [3.0f64, -3.0f64, -3.0f64, 3.0f64, -2.0f64, 0.0f64, 0.0f64, 0.001f64] [4.0f64,
--   4.0f64, -4.0f64, -4.0f64, 0.0f64, 0.0f64, 5.0f64, 0.0f64] }
-- output { [3.0f64, -3.0f64, -3.0f64, 3.0f64, -2.0f64, 0.0f64, 0.0f64, 0.001f64] [-4.0f64,
--   -4.0f64, 4.0f64, 4.0f64, 0.0f64, 0.0f64, -5.0f64, 0.0f64] [5.0f64, 5.0f64, 5.0f64, 5.0f64,
--   2.0f64, 0.0f64, 5.0f64, 0.001f64] [0.9272952f64, 2.2142974f64, -2.2142974f64, -0.9272952f64,
--   3.1415927f64, 0.0f64, 1.5707963f64, 0.0f64] }

import "complex"

module c = complex64

entry main [n] (xs: [n]f64) (ys: [n]f64) =
  let zs = map2 c.mk xs ys
  let cs = map c.conj zs
  in (map c.re cs, map c.im cs, map c.mag zs, map c.arg zs)
