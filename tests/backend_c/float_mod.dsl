-- % on floats takes the sign of the divisor (a floored modulo, as Futhark's
-- interpreter computes it with Haskell's mod'; C's fmod would take the dividend's).
-- ==
-- input { [5.5f64, -5.5f64, 5.5f64, -5.5f64, 7f64, 6f64] [2f64, 2f64, -2f64, -2f64, 2.5f64, 3f64] }
-- output { [1.5f64, 0.5f64, -0.5f64, -1.5f64, 2f64, 0f64] [1.5f32, 0.5f32, -0.5f32, -1.5f32, 2f32, 0f32] true }
entry main [n] (a: [n]f64) (b: [n]f64) =
  (map2 (%) a b, map2 (\x y -> f32.f64 x % f32.f64 y) a b, f64.isnan (1 % 0f64))
