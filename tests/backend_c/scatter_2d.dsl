-- scatter_2d writes values at (row, column) pairs; pairs with either part out of
-- range are ignored.
-- ==
-- input { [[0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] [0i64, 1i64, 2i64, 1i64, -1i64, 0i64] [2i64, 0i64, 0i64, 3i64, 1i64, 0i64] }
-- output { [[6i32, 0i32, 1i32], [2i32, 0i32, 0i32]] }
entry main [n] (dest: *[2][3]i32) (rs: [n]i64) (cs: [n]i64) : [2][3]i32 =
  scatter_2d dest (zip rs cs) (map (\i -> i32.i64 i + 1) (iota n))
