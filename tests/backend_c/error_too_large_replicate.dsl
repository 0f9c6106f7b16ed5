-- Sizes whose byte count wraps around 64 bits (8 * 2305843009213710336 is 2^64 +
-- 2^17) fail with a located out-of-memory error on every backend, instead of
-- making a small buffer that the program then reads and writes beyond: replicate
-- and hist (filled on the device by the OpenCL backend), a 2-D shape whose element
-- count overflows, rows of a map, and a map whose rows are reduced or scanned
-- (the arrays of one work-group of an intra-group kernel). Arrays of empty rows may
-- have as many rows as an i64 holds, but concat cannot add up more.
-- ==
-- entry: fill
-- input { 3i64 } output { 1f64 }
-- input { 2305843009213710336i64 }
-- error: error_too_large_replicate\.dsl:33:38: error: out of memory: an array of shape \[2305843009213710336\] is too large
-- entry: histogram
-- input { 3i64 } output { [1f64, 2f64, 0f64] }
-- input { 2305843009213710336i64 }
-- error: error_too_large_replicate\.dsl:34:36: error: out of memory: an array of shape \[2305843009213710336\] is too large
-- entry: nested
-- input { 3i64 2i64 } output { 0i32 }
-- input { 4611686018427387904i64 4i64 }
-- error: error_too_large_replicate\.dsl:[0-9]+:[0-9]+: error: out of memory: an array of shape \[4611686018427387904\]\[4\] is too large
-- entry: rows
-- input { 2i64 3i64 } output { 1i32 }
-- input { 4i64 2305843009213693952i64 }
-- error: error_too_large_replicate\.dsl:[0-9]+:[0-9]+: error: out of memory: an array of shape \[4\]\[2305843009213693952\] is too large
-- entry: scanned
-- input { 3i64 4i64 } output { [0i64, 3i64, 6i64] }
-- input { 4i64 2305843009213693952i64 }
-- error: error_too_large_replicate\.dsl:[0-9]+:[0-9]+: error: out of memory: an array of shape \[2305843009213693952\] is too large
-- entry: joined
-- input { 3i64 } output { 9i64 }
-- input { 4611686018427387904i64 }
-- error: error_too_large_replicate\.dsl:[0-9]+:[0-9]+: error: out of memory: the result of concat would have 4611686018427387904 \+ 4611686018427387904 rows
entry fill (n: i64) : f64 = let xs = replicate n 1f64 in xs[n - 1]
entry histogram (n: i64) : []f64 = hist (+) 0f64 n [0i64, 1] [1f64, 2]
entry nested (m: i64) (n: i64) : i32 =
  let xs = replicate m (replicate n 0i32) in xs[m - 1, n - 1]
entry rows (m: i64) (n: i64) : i32 =
  let xs = map (\i -> replicate n (i32.i64 i)) (iota m) in xs[m - 1, n - 1]
entry scanned (m: i64) (n: i64) : []i64 =
  map (\i -> let zs = scan (+) 0 (replicate n i) in zs[n - 1] - zs[0]) (iota m)
entry joined (n: i64) : i64 =
  let e = replicate n (replicate 0 0i32) in length (e ++ e ++ e)
