-- Out-of-bounds indexing of a 2-D array names the full index and shape; an index out
-- of bounds inside a map's function is reported at its location; a bad column slice
-- names the slice.
-- ==
-- entry: elem
-- input { [[1i32, 2i32], [3i32, 4i32]] 1i64 1i64 } output { 4i32 }
-- input { [[1i32, 2i32], [3i32, 4i32]] 1i64 2i64 }
-- error: error_index_2d\.dsl:17:51: error: index \[1, 2\] out of bounds for array of shape \[2\]\[2\]
-- input { [[1i32, 2i32], [3i32, 4i32]] -3i64 0i64 }
-- error: error_index_2d\.dsl:17:51: error: index \[-3, 0\] out of bounds for array of shape \[2\]\[2\]
-- entry: in_map
-- input { [1i32, 2i32, 3i32] }
-- error: error_index_2d\.dsl:18:47: error: index \[3\] out of bounds for array of shape \[3\]
-- entry: column
-- input { [[1i32, 2i32], [3i32, 4i32]] 3i64 }
-- error: error_index_2d\.dsl:19:48: error: index \[:, 3:\] out of bounds for array of shape \[2\]\[2\]
entry elem (m: [][]i32) (i: i64) (j: i64) : i32 = m[i, j]
entry in_map (xs: []i32) : []i32 = map (\i -> xs[i + 1]) (iota (length xs))
entry column (m: [][]i32) (i: i64) : [][]i32 = m[:, i:]
