-- Expected to fail (XFAIL_TESTS in Makefile.am): the runner must notice that a program
-- succeeded where the test expects a run-time error.
-- ==
-- input { [1, 2, 3] 0i64 } error: out of bounds

entry main (xs: []i32) (i: i64) : i32 = xs[i]
