-- Nested SOACs: map of reduce (row sums), reduce and scan whose elements are arrays
-- (column sums, running column sums), map of scan, and a matrix product written
-- with map, map2 and reduce.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [6i32, 15i32] [5i32, 7i32, 9i32] [[1i32, 2i32, 3i32], [5i32, 7i32, 9i32]]
--          [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] [[14i32, 32i32], [32i32, 77i32]] }
entry main [n] [m] (a: [n][m]i32) =
  (map (reduce (+) 0) a,
   reduce (map2 (+)) (replicate m 0) a,
   scan (map2 (+)) (replicate m 0) a,
   map (scan (+) 0) a,
   map (\row -> map (\col -> reduce (+) 0 (map2 (*) row col)) a) a)
