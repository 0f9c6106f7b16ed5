-- The numeric modules as qualified names: functions, conversions, constants and reductions.
-- ==
-- input { [1f32, 4f32, 9f32] } output { [1f32, 2f32, 3f32] 3i64 14f32 255u8 -2147483648i32 9i32 true 3i32 }

entry main (xs: []f32) : ([]f32, i64, f32, u8, i32, i32, bool, i32) =
  (map f32.sqrt xs, i64.f32 (f32.round 3.4), f32.sum xs, u8.highest, i32.lowest,
   i32.max 2 (i32.f32 (f32.maximum xs)), f64.isnan f64.nan, i32.popc 7)
