-- The second library of tests/capi/prefix.c (prismc --prefix beta); see
-- prefix_alpha.dsl.

entry main (xs: []f32) : []f32 = map (* 2) xs

entry total (xs: [][]f32) : f32 = reduce (+) 0 (flatten xs)

entry fail (x: i32) : i32 = 10 / x
