-- Arithmetic that produces the special float values: 1/0 is inf, -1/0 is -inf, 0/0
-- and inf-inf are NaN, 1/-inf is -0.0 (its sign is visible through 1/x); these are
-- printed and read as f32.inf, -f64.inf, f32.nan and -0.0.
-- ==
-- input { 0f32 f64.inf [-0f64, 0f64] }
-- output { f32.inf -f32.inf f32.nan f64.nan -0f64 -f64.inf true f32.nan [-f64.inf, f64.inf] }
entry main (z: f32) (i: f64) (zs: []f64) =
  (1 / z, -1 / z, z / z, i - i, 1 / -i, 1 / (1 / -i), f32.isnan (z * f32.inf),
   f32.inf * z, map (\x -> 1 / x) zs)
