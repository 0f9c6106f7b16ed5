-- Loop parameters whose sizes change (swapped arrays, a transposed matrix) get sizes of
-- their own.
-- ==
-- input { [1, 2] [3, 4, 5] [[1, 2, 3], [4, 5, 6]] }
-- output { [3, 4, 5] [1, 2] [[1, 4], [2, 5], [3, 6]] }
entry main [n] [m] (xs: [n]i32) (ys: [m]i32) (a: [n][m]i32) : ([]i32, []i32, [][]i32) =
  let (p, q) = loop (a, b) = (xs, ys) for i < 3 do (b, a)
  let t = loop a for i < 3 do transpose a
  in (p, q, t)
