-- to_bits and from_bits reinterpret float bits as u32/u64 and back: 1.0, -0.0,
-- infinities, NaN, subnormals and a round trip.
-- ==
-- input { [1f32, -0f32, -2f32, f32.inf] [1f64, -0f64, 0.1f64] }
-- output { [1065353216u32, 2147483648u32, 3221225472u32, 2139095040u32]
--          [4607182418800017408u64, 9223372036854775808u64, 4591870180066957722u64]
--          3.1415927f32 f32.nan -f64.inf true true [1f32, -0f32, -2f32, f32.inf] }
entry main (xs: []f32) (ys: []f64) =
  (map f32.to_bits xs, map f64.to_bits ys,
   f32.from_bits 0x40490fdb, f32.from_bits 0x7fc00000u32,
   1 / f64.from_bits 0x8000000000000000u64,
   f32.from_bits 1 > 0 && f32.from_bits 1 < 1e-44,
   f64.isnan (f64.from_bits 0x7ff0000000000001),
   map (\x -> f32.from_bits (f32.to_bits x)) xs)
