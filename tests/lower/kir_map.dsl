-- The kernel IR of elementwise forms (tests/lower/kernel_ir.sh prints it): `add` is a map
-- (one global kernel, 8 elements per work-item, the first passes as vectors of 4),
-- `double_rows` a map of a map (map2, over the flattened index space), `rowwalk` a map
-- whose work-items walk rows (a transpose kernel before it, when it pays).
-- ==
-- entry: add
-- input { [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] }
-- output { [5f32, 7f32, 9f32] }
-- entry: double_rows
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[2i32, 4i32], [6i32, 8i32]] }
-- entry: rowwalk
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [6i32, 120i32] }
entry add [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (+) xs ys

entry double_rows [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\r -> map (* 2) r) xss

entry rowwalk [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\r -> loop acc = 1 for j < m do acc * r[j]) xss
