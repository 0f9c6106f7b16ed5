-- concat and ++ join arrays, also with empty ones and of rows of a matrix.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32, 5i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32] [3i32, 4i32, 5i32, 1i32, 2i32] [1i32, 2i32, 9i32] [[1i32, 2i32], [7i32, 7i32], [1i32, 2i32]] }
-- input { empty([0]i32) [3i32, 4i32] }
-- output { [3i32, 4i32] [3i32, 4i32] [9i32] empty([3][0]i32) }
entry main [n] [m] (a: [n]i32) (b: [m]i32) =
  (concat a b, b ++ a, a ++ [9], [a] ++ [replicate n 7] ++ [a])
