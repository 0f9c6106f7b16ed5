-- A filter keeps computed values only when they are scalars: a map making whole rows
-- (here each row plus one) is not fused into a filter over those rows; the map stays
-- (with its inner map) and the filter keeps rows of its result.
-- ==
-- input { [[1i32, 2i32], [-3i32, 4i32], [0i32, 0i32]] } output { [[2i32, 3i32], [1i32, 1i32]] }
-- input { [[-5i32, 1i32]] } output { empty([0][2]i32) }
-- structure { filter 1 map 2 }
entry main [n][m] (xss: [n][m]i32) =
  filter (\r -> r[0] > 0) (map (\r -> map (+ 1) r) xss)
