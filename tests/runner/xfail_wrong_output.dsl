-- Expected to fail (XFAIL_TESTS in Makefile.am): the runner must notice a wrong result,
-- here in the last element, beyond the float tolerance.
-- ==
-- input { [1f32, 2f32, 3f32] } output { [2f32, 4f32, 6.1f32] }

entry main (xs: []f32) : []f32 = map (* 2) xs
