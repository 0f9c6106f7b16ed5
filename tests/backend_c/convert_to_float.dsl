-- Conversions to floats: integers round to the nearest float (2^24+1 and 123456789 to
-- f32), unsigned values above the signed range stay positive, f64 to f32 rounds (0.1)
-- and overflows to infinity, f32 to f64 is exact. f64.u64 (2^64 - 1) rounds up to
-- 2^64, which wraps around to 0 on the way back to u64.
-- ==
-- input { 16777217i64 123456789i32 18446744073709551615u64 0.1f64 }
-- output { 16777216i64 123456792i64 123456789i64 1.8446744073709552e19f64 0u64
--          -9.223372036854776e18f64 255f32 -128f32 1036831949u32 f32.inf -f32.inf 0f32
--          4591870180174331904u64 true 3.5f64 }
entry main (a: i64) (b: i32) (c: u64) (d: f64) =
  (i64.f32 (f32.i64 a), i64.f32 (f32.i32 b), i64.f64 (f64.i32 b), f64.u64 c,
   u64.f64 (f64.u64 c),
   f64.i64 i64.lowest, f32.u8 255, f32.i8 (-128),
   f32.to_bits (f32.f64 d), f32.f64 1e300, f32.f64 (-1e300), f32.f64 1e-50,
   f64.to_bits (f64.f32 (f32.f64 d)), f64.isnan (f64.f32 f32.nan), f64.f64 3.5)
