-- Conversions from floats to integers truncate toward zero and wrap around to the
-- type's width, as Futhark's do (u8.f64 (-2.7) is 254); NaN and the infinities give 0.
-- ==
-- input { [-2.7f64, 2.7f64, f64.nan, f64.inf, -f64.inf, 1e10f64, -1e10f64, 300.5f64, -0.5f64] }
-- output { [-2i32, 2i32, 0i32, 0i32, 0i32, 1410065408i32, -1410065408i32, 300i32, 0i32]
--          [-2i8, 2i8, 0i8, 0i8, 0i8, 0i8, 0i8, 44i8, 0i8]
--          [254u8, 2u8, 0u8, 0u8, 0u8, 0u8, 0u8, 44u8, 0u8]
--          [-2i64, 2i64, 0i64, 0i64, 0i64, 10000000000i64, -10000000000i64, 300i64, 0i64]
--          [18446744073709551614u64, 2u64, 0u64, 0u64, 0u64, 10000000000u64, 18446744063709551616u64, 300u64, 0u64]
--          [-2i16, 2i16, 0i16, 0i16, 0i16, -7168i16, 7168i16, 300i16, 0i16] }
entry main (xs: []f64) =
  (map i32.f64 xs, map i8.f64 xs, map u8.f64 xs, map i64.f64 xs, map u64.f64 xs,
   map (\x -> i16.f32 (f32.f64 x)) xs)
