-- complex32.t and complex64.t are pairs (re, im) of f32 and f64 outside the modules.
-- ==
-- input { 1f32 2f32 3.0 4.0 } output { 1f32 2f32 4.0 -3.0 }

import "complex"

entry main (a: f32) (b: f32) (x: f64) (y: f64) : (f32, f32, f64, f64) =
  let z : (f32, f32) = complex32.mk a b
  let w : complex64.t = (x, y)
  let (p, q) = complex64.mul_neg_i w
  in (z.0, z.1, p, q)
