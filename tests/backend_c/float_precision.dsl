-- f32 arithmetic is done in single precision and f64 in double: 1e8 + 1 is 1e8 in
-- f32 but not in f64, 0.1 + 0.2 == 0.3 holds in f32 but not in f64, and summing 0.1
-- ten times gives different roundings.
-- ==
-- input { 1e8f32 1e8f64 0.1f32 0.1f64 }
-- output { true false true false 1065353217u32 4607182418800017407u64 false 16777216f32 }
entry main (a: f32) (b: f64) (c: f32) (d: f64) =
  (a + 1 == a, b + 1 == b,
   c + 0.2 == 0.3, d + 0.2 == 0.3,
   f32.to_bits (loop s = 0 for _i < 10 do s + c),
   f64.to_bits (loop s = 0 for _i < 10 do s + d),
   f64.f32 (f32.sqrt 2) == f64.sqrt 2,
   16777216f32 + 1)
