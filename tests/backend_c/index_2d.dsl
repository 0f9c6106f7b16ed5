-- Multi-dimensional indexing and slicing: m[i, j], m[i] (a row), m[:, j] (a column),
-- m[i:j, k:], m[:, ::-1], and m[i][j] (indexing a row).
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { 6i32 [4i32, 5i32, 6i32] [1i32, 4i32, 7i32] [[5i32, 6i32], [8i32, 9i32]]
--          [[3i32, 2i32, 1i32], [6i32, 5i32, 4i32], [9i32, 8i32, 7i32]] 8i32 [3i32, 6i32, 9i32] }
entry main (m: [][]i32) =
  (m[1, 2], m[1], m[:, 0], m[1:3, 1:], m[:, ::-1], m[2][1], m[:, 2])
