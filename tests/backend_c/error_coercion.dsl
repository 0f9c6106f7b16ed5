-- A size coercion `e :> [n]t` that does not hold fails with status 1 at the location
-- of the coercion, for 1-D and 2-D arrays and for a size from a filter.
-- ==
-- entry: one
-- input { [1i32, 2i32, 3i32] } output { [1i32, 2i32, 3i32] }
-- input { [1i32, 2i32] }
-- error: error_coercion\.dsl:16:34: error: .*size does not match.*\[3\]i32
-- entry: two
-- input { [[1i32, 2i32], [3i32, 4i32]] 2i64 } output { [[1i32, 2i32], [3i32, 4i32]] }
-- input { [[1i32, 2i32], [3i32, 4i32]] 3i64 }
-- error: error_coercion\.dsl:17:53: error: .*size does not match
-- entry: filtered
-- input { [2i32, 4i32, 5i32] } output { [2i32, 4i32] }
-- input { [2i32, 3i32, 5i32] }
-- error: error_coercion\.dsl:18:39: error: .*size does not match
entry one (xs: []i32) : [3]i32 = xs :> [3]i32
entry two [n] (m: [n][n]i32) (k: i64) : [n][k]i32 = m :> [n][k]i32
entry filtered (xs: []i32) : [2]i32 = filter (\x -> x % 2 == 0) xs :> [2]i32
