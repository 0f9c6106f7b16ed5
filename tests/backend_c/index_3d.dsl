-- Indexing and slicing a 3-D array: a[i, j, k], a[i, j], a[:, j, k], a[i, :, k].
-- ==
-- input { 0i32 }
-- output { 123i64 [120i64, 121i64, 122i64, 123i64] [23i64, 123i64] [103i64, 113i64, 123i64] }
entry main (_: i32) =
  let a = tabulate_3d 2 3 4 (\i j k -> 100 * i + 10 * j + k)
  in (a[1, 2, 3], a[1, 2], a[:, 2, 3], a[1, :, 3])
