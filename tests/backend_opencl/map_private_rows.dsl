-- A map whose elements are private arrays (rows of a constant size that kernel code
-- makes) on OpenCL: one map kernel whose work-items write their element's rows
-- (Note [rows of private arrays] in src/lower/forms.c): a literal row, a row updated at
-- an index known at run time, a table updated in a loop, a row of rows (a result of
-- three dimensions), a row and a scalar together, rows of zero elements; empty widths.
-- ==
-- entry: main
-- input { 0i64 }
-- output { empty([0][3]i64) empty([0][3]i64) empty([0][2][2]i64) empty([0][0]i64) }
-- input { 4i64 }
-- output { [[0i64, 1i64, 0i64], [1i64, 2i64, 3i64], [2i64, 3i64, 4i64], [3i64, 4i64, 9i64]]
--          [[0i64, 0i64, 0i64], [1i64, 0i64, 0i64], [2i64, 2i64, 0i64], [3i64, 3i64, 3i64]]
--          [[[0i64, 1i64], [0i64, 0i64]], [[1i64, 2i64], [2i64, 1i64]],
--           [[2i64, 3i64], [4i64, 4i64]], [[3i64, 4i64], [6i64, 9i64]]]
--          empty([4][0]i64) }
-- entry: with_scalar
-- input { empty([0]f32) }
-- output { empty([0][2]f32) empty([0]f32) }
-- input { [1f32, -2f32, 3.5f32] }
-- output { [[1f32, 1f32], [-2f32, 4f32], [3.5f32, 12.25f32]] [2f32, -4f32, 7f32] }
-- structure kernels { global 2 group 0 host 0 }
entry main (n: i64) =
  (map (\i -> let a = [i, i + 1, i * 3] in a with [i % 3] = a[i % 3] * 1) (iota n)
    |> map (\r -> [r[0], r[1], if r[0] % 3 == 2 then 2 * r[0] else r[2]]),
   map (\i -> loop a = replicate 3 0i64 for j < i64.min i 3 do a with [j] = i) (iota n),
   map (\i -> [[i, i + 1], [2 * i, i * i]]) (iota n),
   map (\i -> replicate 0 i) (iota n))

entry with_scalar (xs: []f32) = unzip (map (\x -> ([x, x * x], 2 * x)) xs)
