-- Float literals: digits.digits, exponents, f32/f64 suffixes (also on plain
-- digits: 2f32), '_' separators and hexadecimal floats.
-- ==
-- input { 1.0f64 }
-- output { 1.5f32 2.0f32 1000.0f64 1.25f64 1000.25f64 1.5f32 3.0f64 125.0f32 }

entry main (x: f64) : (f32, f32, f64, f64, f64, f32, f64, f32) =
  (1.5f32, 2f32, 1e3, 2.5e-1 + x, 1_000.25, 3f32 * 0.5, 0x1.8p1, 1.25E2f32)
