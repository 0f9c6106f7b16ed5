-- Two-dimensional empty arrays: [0][3] and [3][0] inputs and outputs, transpose,
-- flatten, map over rows, and replicate with a zero inner size.
-- ==
-- input { empty([0][3]i32) empty([2][0]i32) }
-- output { empty([0][3]i32) empty([3][0]i32) empty([0]i32) empty([0]i32) [0i32, 0i32]
--          empty([0][2]i32) empty([0][2]i32) 0i64 2i64 }
entry main [n] [m] [k] (a: [n][3]i32) (b: [m][k]i32) =
  (map (map (+1)) a, transpose a, flatten a, flatten b, map (reduce (+) 0) b,
   transpose b, replicate 0 [1i32, 2i32], length a, length b)
