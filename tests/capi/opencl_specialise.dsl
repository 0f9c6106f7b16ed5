-- The C API test tests/capi/opencl_specialise.c: group code (a reduction and a scan of
-- each row) whose kernels are specialised on the row length n and the scalar k
-- (docs/opencl.md, "Specialised kernels").

entry shifted_sums [b][n] (xs: [b][n]i64) (k: i64) : [b][n]i64 =
  map (\row -> let s = reduce (+) 0 row
               in map (\y -> y * k + s) (scan (+) 0 row)) xs
