-- complex64: sqrt, the root with a non-negative real part and an imaginary part of the sign of z's.
-- ==
-- input { [3.0f64, 3.0f64, -3.0f64, -4.0f64, 4.0f64, 0.0f64, 0.0f64, -1.0f64] [4.0f64,
--   -4.0f64, 4.0f64, 0.0f64, 0.0f64, 0.0f64, 2.0f64, -1.0f64] }
-- output { [2.0f64, 2.0f64, 1.0f64, 0.0f64, 2.0f64, 0.0f64, 1.0f64, 0.4550899f64] [1.0f64,
--   -1.0f64, 2.0f64, 2.0f64, 0.0f64, 0.0f64, 1.0f64, -1.0986841f64] }

import "complex"

module c = complex64

entry main [n] (xs: [n]f64) (ys: [n]f64) =
  let rs = map c.sqrt (map2 c.mk xs ys)
  in (map c.re rs, map c.im rs)
