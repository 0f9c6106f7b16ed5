-- A program that fails at run time must exit with status 1 and a located message.
-- ==
-- input { [1, 2, 3] 1i64 } output { 2 }
-- input { [1, 2, 3] 3i64 }
-- error: index \[3\] out of bounds
-- input { empty([0]i32) 0i64 } error: runtime_error.dsl:[0-9]+:[0-9]+: error: index

entry main (xs: []i32) (i: i64) : i32 = xs[i]
