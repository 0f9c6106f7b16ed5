-- Float to integer conversions at the edges of the ranges: -2^63 and -2^31 convert
-- exactly, 2^63, 2^31 and 2^32 wrap around (to -2^63, -2^31 and 0), the largest f64
-- below 2^64 converts to u64 exactly, and an f32 NaN gives 0.
-- ==
-- input { 0i32 }
-- output { -9223372036854775808i64 -9223372036854775808i64 -2147483648i32 -2147483648i32
--          18446744073709549568u64 0u32 0i64 0u32 16777216i32 -128i8 }
entry main (_: i32) =
  (i64.f64 (-9223372036854775808), i64.f64 9223372036854775808,
   i32.f64 (-2147483648.0), i32.f64 2147483648.0,
   u64.f64 18446744073709549568.0, u32.f32 4294967296,
   i64.f32 f32.nan, u32.f32 (-f32.nan), i32.f32 16777217, i8.f32 (-128.9))
