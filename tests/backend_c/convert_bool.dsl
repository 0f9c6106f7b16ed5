-- Conversions between bool and numbers: true is 1 and false 0; a number converts to
-- true when it is not zero (so -0.0 is false and NaN is true).
-- ==
-- input { [true, false] [0i32, 5i32, -1i32] [0f64, -0f64, 0.5f64, f64.nan] }
-- output { [1i32, 0i32] [1u8, 0u8] [1f32, 0f32] [1i64, 0i64] [1f64, 0f64]
--          [false, true, true] [false, false, true, true] [true, false]
--          true false true }
entry main (bs: []bool) (xs: []i32) (fs: []f64) =
  (map i32.bool bs, map u8.bool bs, map f32.bool bs, map i64.bool bs, map f64.bool bs,
   map bool.i32 xs, map bool.f64 fs, map bool.bool bs,
   bool.u64 18446744073709551615, bool.i8 0, bool.f32 (-1e-30))
