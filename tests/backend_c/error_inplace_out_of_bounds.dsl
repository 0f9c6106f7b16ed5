-- An in-place update out of bounds (`a with [i] = v`, `let a[i] = v` in a loop, a
-- 2-D element, a slice) fails with status 1 naming the index and the shape; unlike
-- scatter, it does not silently ignore the index.
-- ==
-- entry: with_index
-- input { [1i32, 2i32, 3i32] 2i64 } output { [1i32, 2i32, 0i32] }
-- input { [1i32, 2i32, 3i32] 3i64 }
-- error: error_inplace_out_of_bounds\.dsl:21:50: error: index \[3\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] -1i64 }
-- error: error_inplace_out_of_bounds\.dsl:21:50: error: index \[-1\] out of bounds for array of shape \[3\]
-- entry: in_loop
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 4i64 }
-- error: error_inplace_out_of_bounds\.dsl:[0-9]+:[0-9]+: error: index \[3\] out of bounds for array of shape \[3\]
-- entry: elem_2d
-- input { 1i64 2i64 }
-- error: error_inplace_out_of_bounds\.dsl:26:47: error: index \[1, 2\] out of bounds for array of shape \[2\]\[2\]
-- entry: slice
-- input { 1i64 }
-- error: error_inplace_out_of_bounds\.dsl:[0-9]+:[0-9]+: error: index \[1:4\] out of bounds for array of shape \[3\]
entry with_index (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0
entry in_loop (n: i64) : []i64 =
  loop a = replicate 3 0 for i < n do
    let a[i] = i
    in a
entry elem_2d (i: i64) (j: i64) : [2][2]i32 = replicate 2 (replicate 2 0) with [i, j] = 1
entry slice (i: i64) : [3]i32 =
  let j = i + 3
  in replicate 3 0 with [i:j] = ([1, 2, 3] :> [j - i]i32)
