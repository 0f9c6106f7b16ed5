-- A coercion to a size expression inside a map (an OpenCL kernel, where the check is
-- a kernel failure) is checked for every row, as one at the top level is.
-- ==
-- input { 3i64 [[1i32, 2i32], [3i32, 4i32]] } output { [[2i32, 3i32], [4i32, 5i32]] }
-- input { 4i64 [[1i32, 2i32], [3i32, 4i32]] }
-- error: error_coercion_in_map\.dsl:11:61: error: the value's size does not match the type \[n-1\]i32
-- entry: summed
-- input { 2i64 [[1i32], [2i32]] } output { [1i32, 2i32] }
-- input { 3i64 [[1i32], [2i32]] }
-- error: error_coercion_in_map\.dsl:13:29: error: the value's size does not match the type \[n-1\]i32
entry main (n: i64) (xss: [][]i32) = map (\xs -> map (+ 1) (xs :> [n-1]i32)) xss
entry summed (n: i64) (xss: [][]i32) =
  map (\xs -> reduce (+) 0 (xs :> [n-1]i32)) xss
