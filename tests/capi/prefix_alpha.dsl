-- The C API test tests/capi/prefix.c links this library (prismc --prefix alpha) and
-- prefix_beta.dsl (--prefix beta) into one program: the same entry point names and
-- array types, under two prefixes.

entry main (xs: []f32) : []f32 = map (+ 1) xs

entry total (xs: []f32) : f32 = reduce (+) 0 xs

entry fail (x: i32) : i32 = assert (x == 0) x
