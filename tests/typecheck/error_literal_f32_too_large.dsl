-- A float literal too large for f32 is an error, not infinity (the largest f32,
-- 3.4028235e38f32, is fine).
-- ==
-- error: 6:51: error: the literal 1e39 is out of range for type f32

entry main (x: f32) : f32 = x + 3.4028235e38f32 + 1e39f32
