-- transpose of a non-square matrix, of a transposed matrix, and of a matrix with no rows.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 6i32 }
-- input { empty([0][3]i32) }
-- output { empty([3][0]i32) empty([0][3]i32) 0i32 }
entry main [n] [m] (a: [n][m]i32) : ([m][n]i32, [n][m]i32, i32) =
  let t = transpose a
  in (t, transpose t, if n > 0 && m > 0 then t[m - 1, n - 1] else 0)
