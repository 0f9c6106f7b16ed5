-- iota and replicate of a negative size fail with status 1, naming the size and the
-- built-in, at the location of the call (also for a size computed in the program).
-- ==
-- entry: io
-- input { 0i64 } output { empty([0]i64) }
-- input { -1i64 }
-- error: error_negative_size\.dsl:16:29: error: negative size -1 in iota
-- entry: rep
-- input { 2i64 } output { [7i32, 7i32] }
-- input { -3i64 }
-- error: error_negative_size\.dsl:17:30: error: negative size -3 in replicate
-- entry: computed
-- input { 2i64 } output { [0i64] }
-- input { 0i64 }
-- error: error_negative_size\.dsl:18:35: error: negative size -1 in iota
entry io (n: i64) : []i64 = iota n
entry rep (n: i64) : []i32 = replicate n 7
entry computed (n: i64) : []i64 = iota (n - 1)
