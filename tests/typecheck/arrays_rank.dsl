-- Arrays of rank 2 and 3: indexing, partial indexing, slicing and transpose keep their sizes.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 6i32 [4i32, 5i32, 6i32] [2i32, 5i32] [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] 1i32 }

entry main [n] [m] (a: [n][m]i32) : (i32, [m]i32, [n]i32, [m][n]i32, i32) =
  let cube = [a, a]
  in (a[1, 2], a[1], a[:, 1], transpose a, cube[1, 0, 0])
