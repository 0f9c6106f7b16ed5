-- Transposes absorbed into their consumers: a SOAC over the rows of `transpose a`
-- whose lambda reads each row only element by element (directly, or as the input of an
-- inner SOAC over the row) reads a at the swapped indices; the transpose is never made.
-- Column sums, a map over the columns, and a weighted column sum (map2 of a column and
-- a vector, fused into the reduce).
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { [5f32, 7f32, 9f32] }
-- input { empty([0][2]f32) } output { [0f32, 0f32] }
-- entry: plus_one
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[2i32, 5i32], [3i32, 6i32], [4i32, 7i32]] }
-- entry: weighted
-- input { [[1i32, 2i32], [3i32, 4i32]] [10i32, 100i32] } output { [310i32, 420i32] }
-- structure { rearrange 0 map 4 redomap 2 }
entry main [n][m] (a: [n][m]f32) : [m]f32 =
  map (\col -> reduce (+) 0 col) (transpose a)

entry plus_one [n][m] (a: [n][m]i32) : [m][n]i32 =
  map (\col -> map (+ 1) col) (transpose a)

entry weighted [n][m] (a: [n][m]i32) (w: [n]i32) : [m]i32 =
  map (\col -> reduce (+) 0 (map2 (*) col w)) (transpose a)
