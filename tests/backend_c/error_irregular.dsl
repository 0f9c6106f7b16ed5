-- Irregular arrays: a map whose rows come out with different lengths fails at run
-- time with status 1 at the map's location, and an irregular input array is rejected
-- when the input is read (status 1, naming the argument).
-- ==
-- entry: rows
-- input { 1i64 } output { empty([1][0]i64) }
-- input { 3i64 }
-- error: error_irregular\.dsl:13:23: error: irregular array
-- entry: matrix
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { 10i32 }
-- input { [[1i32], [2i32, 3i32]] }
-- error: argument 1 .*irregular array
entry rows (n: i64) = map (\i -> iota i) (iota n)
entry matrix (m: [][]i32) : i32 = reduce (+) 0 (flatten m)
