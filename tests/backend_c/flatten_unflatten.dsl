-- flatten joins rows in order; unflatten splits a flat array into rows.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
entry main [n] [m] (a: [n][m]i32) : ([]i32, [3][2]i32, [2][3]i64) =
  let f = flatten a
  in (f, unflatten (f :> [3*2]i32), unflatten (iota (2*3)))
