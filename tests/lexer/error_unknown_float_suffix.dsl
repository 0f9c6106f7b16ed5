-- A suffix that names no type (f16 is not in the subset) is one located error.
-- ==
-- error: :5:33: error: the literal '1\.0f16' ends in 'f16', which is not a suffix

entry main (x: f32) : f32 = x + 1.0f16
