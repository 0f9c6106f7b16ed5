-- A suffix that names no type is one located error about the literal.
-- ==
-- error: :5:27: error: the literal '7i33' ends in 'i33', which is not a suffix

entry main (x: i32) = x + 7i33
