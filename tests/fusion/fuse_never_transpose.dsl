-- A transpose stays when its consumer uses the rows as whole arrays (copies them, or
-- reverses them): only element-by-element reads are absorbed.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] }
-- entry: rotated
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { [[3i32, 1i32], [4i32, 2i32]] }
-- structure { rearrange 2 }
entry main [n][m] (a: [n][m]i32) : [m][n]i32 =
  map (\col -> copy col) (transpose a)

entry rotated [n][m] (a: [n][m]i32) : [m][n]i32 =
  map (\col -> reverse col) (transpose a)
