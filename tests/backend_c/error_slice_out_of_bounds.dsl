-- Slices out of bounds fail with the slice and the shape in the message: an end past
-- the length, a start after the end, a zero stride, a negative stride whose start is
-- below its end, and take/drop/split of more elements than there are.
-- ==
-- entry: slice
-- input { [1i32, 2i32, 3i32] 1i64 3i64 } output { [2i32, 3i32] }
-- input { [1i32, 2i32, 3i32] 1i64 5i64 }
-- error: error_slice_out_of_bounds\.dsl:34:53: error: index \[1:5\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] 2i64 1i64 }
-- error: error_slice_out_of_bounds\.dsl:34:53: error: index \[2:1\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] -1i64 2i64 }
-- error: error_slice_out_of_bounds\.dsl:34:53: error: index \[-1:2\] out of bounds for array of shape \[3\]
-- entry: strided
-- input { [1i32, 2i32, 3i32] 2i64 } output { [1i32] }
-- input { [1i32, 2i32, 3i32] 0i64 }
-- error: error_slice_out_of_bounds\.dsl:35:46: error: index \[0:2:0\] out of bounds for array of shape \[3\]
-- entry: backwards
-- input { [1i32, 2i32, 3i32] 2i64 0i64 } output { [3i32, 2i32] }
-- input { [1i32, 2i32, 3i32] 1i64 2i64 }
-- error: error_slice_out_of_bounds\.dsl:36:57: error: index \[1:2:-1\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] 3i64 0i64 }
-- error: error_slice_out_of_bounds\.dsl:36:57: error: index \[3:0:-1\] out of bounds for array of shape \[3\]
-- entry: take_too_many
-- input { [1i32, 2i32, 3i32] 4i64 }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[:4\] out of bounds for array of shape \[3\]
-- input { [1i32, 2i32, 3i32] -1i64 }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[:-1\] out of bounds for array of shape \[3\]
-- entry: drop_too_many
-- input { [1i32, 2i32, 3i32] 4i64 }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[4:\] out of bounds for array of shape \[3\]
-- entry: split_too_many
-- input { [1i32, 2i32, 3i32] 4i64 }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[:4\] out of bounds for array of shape \[3\]
entry slice (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
entry strided (xs: []i32) (s: i64) : []i32 = xs[0:2:s]
entry backwards (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j:-1]
entry take_too_many (xs: []i32) (i: i64) : []i32 = take i xs
entry drop_too_many (xs: []i32) (i: i64) : []i32 = drop i xs
entry split_too_many [k] (xs: [k]i32) (i: i64) : []i32 = (split (xs :> [i + (k - i)]i32)).0
