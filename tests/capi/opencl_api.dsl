-- The C API test tests/capi/opencl_api.c, on the OpenCL backend (`prismc opencl
-- --library`): entry points that run kernels, one whose kernel fails on an index out
-- of bounds (opencl_api.c names its line: keep it where it is), and entry points that
-- return views into their argument's block, for PREFIX_values_raw_T_Nd.

entry gather (xs: []i32) (is: []i64) : []i32 = map (\i -> xs[i]) is
entry scale (a: f32) (xs: []f32) : []f32 = map (* a) xs
entry sum (xs: []f32) : f32 = reduce (+) 0 xs
entry column_sums [n][m] (a: [n][m]f64) : [m]f64 =
  map (\j -> reduce (+) 0 (map (\row -> row[j]) a)) (iota m)
entry row (a: [][]i32) (i: i64) : []i32 = a[i]
entry increment_row [n][m] (a: [n][m]i32) (i: i64) : [m]i32 = map (+ 1) a[i]
