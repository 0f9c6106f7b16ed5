-- Conversions from floats to integers truncate toward zero; NaN gives 0 and values out
-- of range (the infinities included) saturate to the type's highest or lowest value.
-- ==
-- input { [-2.7f64, 2.7f64, f64.nan, f64.inf, -f64.inf, 1e10f64, -1e10f64, 300.5f64, -0.5f64] }
-- output { [-2i32, 2i32, 0i32, 2147483647i32, -2147483648i32, 2147483647i32, -2147483648i32, 300i32, 0i32]
--          [-2i8, 2i8, 0i8, 127i8, -128i8, 127i8, -128i8, 127i8, 0i8]
--          [0u8, 2u8, 0u8, 255u8, 0u8, 255u8, 0u8, 255u8, 0u8]
--          [-2i64, 2i64, 0i64, 9223372036854775807i64, -9223372036854775808i64, 10000000000i64, -10000000000i64, 300i64, 0i64]
--          [0u64, 2u64, 0u64, 18446744073709551615u64, 0u64, 10000000000u64, 0u64, 300u64, 0u64]
--          [-2i16, 2i16, 0i16, 32767i16, -32768i16, 32767i16, -32768i16, 300i16, 0i16] }
entry main (xs: []f64) =
  (map i32.f64 xs, map i8.f64 xs, map u8.f64 xs, map i64.f64 xs, map u64.f64 xs,
   map (\x -> i16.f32 (f32.f64 x)) xs)
