-- iterate's count is an i32, as in Futhark.
-- ==
-- error: expected i32, found i64|i64.*i32

entry main (n: i64) : f32 = iterate n (* 2) 1f32
