-- The kernel IR of reductions and scans (tests/lower/kernel_ir.sh prints it): `sum`
-- commutes (strided elements, 8 per work-item), `first` (the first non-zero element)
-- does not (chunked elements); both bring their results back in the error buffer's
-- slots. `prefix` is a scan of one 4-byte accumulator (one kernel with look-back),
-- `prefix2` one of two accumulators (three phases).
-- ==
-- entry: sum
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { 10i32 }
-- entry: first
-- input { [0i32, 0i32, 3i32, 4i32] }
-- output { 3i32 }
-- entry: prefix
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 3i32, 6i32, 10i32] }
-- entry: prefix2
-- input { [1f64, 2f64, 3f64] [1i32, 1i32, 1i32] }
-- output { [1f64, 3f64, 6f64] [1i32, 2i32, 3i32] }
entry sum [n] (xs: [n]i32) : i32 = reduce (+) 0 xs

entry first [n] (xs: [n]i32) : i32 = reduce (\a b -> if a != 0 then a else b) 0 xs

entry prefix [n] (xs: [n]i32) : [n]i32 = scan (+) 0 xs

entry prefix2 [n] (xs: [n]f64) (ys: [n]i32) : ([n]f64, [n]i32) =
  unzip (scan (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (zip xs ys))
