-- Array literals, nested, with a trailing comma, indexed directly.
-- ==
-- input { 1i64 } output { [[1i32, 2i32], [3i32, 4i32]] 4i32 3i32 }

entry main (i: i64) : ([][]i32, i32, i32) =
  let a = [[1, 2], [3, 4],]
  in (a, a[i, i], [1, 2, 3][i + 1])
