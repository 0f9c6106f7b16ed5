-- Vertical fusion, maps into scatter: the index and value arrays that two maps make
-- are not written; the scatter's lambda computes each index and value and writes
-- directly (out-of-range indices, negative or past the end, are ignored). With
-- scatter_2d, a map making index pairs and one making values fuse the same way.
-- ==
-- input { [9i64, 9i64, 9i64, 9i64, 9i64] [3i64, -1i64, 0i64, 12i64, 4i64] }
-- output { [1i64, 9i64, 9i64, 31i64, 41i64] }
-- input { [7i64] empty([0]i64) } output { [7i64] }
-- entry: two_d
-- input { [0i64, 4i64, 8i64, 5i64, 9i64, -2i64] }
-- output { [[1i64, 0i64, 0i64], [0i64, 41i64, 51i64], [0i64, 0i64, 81i64]] }
-- structure { scatter 2 map 0 }
entry main [k] (dest: *[k]i64) (xs: []i64) =
  scatter dest (map (\x -> if x > 10 then -x else x) xs) (map (\x -> x * 10 + 1) xs)

entry two_d (xs: []i64) =
  scatter_2d (replicate 3 (replicate 3 0i64)) (map (\x -> (x / 3, x % 3)) xs)
             (map (\x -> x * 10 + 1) xs)
