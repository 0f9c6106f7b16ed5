-- A suffix that names no type (there is no f8) is one located error.
-- ==
-- error: :5:33: error: the literal '1\.0f8' ends in 'f8', which is not a suffix

entry main (x: f32) : f32 = x + 1.0f8
