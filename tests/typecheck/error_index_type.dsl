-- Array indices must be i64.
-- ==
-- error: an index must be an i64: expected i64, found i32

entry main (xs: []i32) (i: i32) : i32 = xs[i]
