-- Arrays whose size in bytes does not fit in 64 bits (2^62 i64 elements, or a 2-D
-- shape whose element count overflows) fail with status 1 and a located
-- out-of-memory message instead of wrapping around or crashing.
-- ==
-- entry: one
-- input { 4611686018427387904i64 }
-- error: error_too_large\.dsl:11:37: error: out of memory
-- entry: two
-- input { 6148914691236517206i64 }
-- error: error_too_large\.dsl:12:36: error: out of memory
entry one (n: i64) : i64 = let xs = iota n in xs[n - 1]
entry two (n: i64) : i64 = let m = replicate n (iota 3) in length (flatten m)
