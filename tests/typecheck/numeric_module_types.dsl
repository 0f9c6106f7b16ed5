-- The types of numeric-module members: conversions from and to bool, bit casts, counts,
-- predicates and constants.
-- ==
-- input { 2.5f32 } output { 1i32 false 1065353216u32 2.0f32 31i32 true 2i64 3i32 255u8 }

entry main (x: f32) : (i32, bool, u32, f32, i32, bool, i64, i32, u8) =
  (i32.bool true, bool.i32 0, f32.to_bits 1.0, f32.from_bits 0x40000000, i32.clz 1,
   f32.isinf f32.inf, i64.f32 x, i32.max 2 3, u8.i32 255)
