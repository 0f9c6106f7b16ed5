-- length of 1-D and 2-D arrays (the outer size), and copy, whose result may be updated
-- in place while the original stays unchanged.
-- ==
-- input { [3i32, 1i32, 2i32] [[1f32], [2f32]] }
-- output { 3i64 2i64 [3i32, 1i32, 2i32] [3i32, 42i32, 2i32] }
-- input { empty([0]i32) empty([0][1]f32) }
-- output { 0i64 0i64 empty([0]i32) empty([0]i32) }
entry main [n] (xs: [n]i32) (m: [][]f32) : (i64, i64, [n]i32, [n]i32) =
  let ys = copy xs
  let ys = loop ys for i < i64.min n 2 do ys with [i] = if i == 1 then 42 else ys[i]
  in (length xs, length m, xs, ys)
