-- Fusion inside a map's lambda (inner bodies first): the row-wise map-reduce of a
-- matrix becomes an inner redomap in the outer map; a row-wise map-scan an inner
-- scanomap; and a row-wise map-map one inner map. Outer maps over the rows fuse too
-- (`rows`: the outer map of the inner sum and the outer map after it are one map).
-- ==
-- input { [[1i32, 2i32], [3i32, -4i32], [0i32, 5i32]] } output { [5i32, 25i32, 25i32] }
-- input { empty([0][2]i32) } output { empty([0]i32) }
-- entry: scans
-- input { [[1i64, 2i64, 3i64], [-1i64, 0i64, 4i64]] }
-- output { [[2i64, 6i64, 12i64], [-2i64, -2i64, 6i64]] }
-- entry: rows
-- input { [[1f64, 2f64], [0.5f64, 0.5f64]] } output { [9f64, 5f64] }
-- structure { map 3 redomap 2 scanomap 1 reduce 0 scan 0 }
entry main [n][m] (xss: [n][m]i32) =
  map (\r -> reduce (+) 0 (map (\x -> x * x) r)) xss

entry scans [n][m] (xss: [n][m]i64) =
  map (\r -> scan (+) 0 (map (\x -> x * 2) r)) xss

entry rows [n][m] (xss: [n][m]f64) =
  let sums = map (\r -> reduce (+) 0 (map (\x -> x + 1) r)) xss
  in map (\s -> s * 2 - 1) sums
