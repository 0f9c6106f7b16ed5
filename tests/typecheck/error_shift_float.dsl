-- Shifts apply to integers only.
-- ==
-- error: the left operand of '<<' has type f32, .*\(f32 is not an integral type\)

entry main (x: f32) : f32 = x << 1
