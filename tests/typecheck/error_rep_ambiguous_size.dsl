-- rep takes its size from the context; when nothing gives it, the size is ambiguous.
-- ==
-- error: ambiguous size: no array in this use of 'rep' determines its size

entry main (x: i32) : i64 = length (rep x)
