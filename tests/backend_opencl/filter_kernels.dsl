-- The kernels of filters and partitions (src/lower/expand.c): a filter is a scanomap
-- (the scan form) and a scatter; a partition, two filters of the same array, is one
-- scanomap of two counts and one scatter, as are filters side by side over the same
-- array. Each scanomap scans i64 counts, so it runs in three phases (three kernels: Note
-- [scan versions] in src/lower/kernels.c), and with its scatter makes four global kernels.
-- A filter that keeps rows scatters their elements, flattened: one more scatter (Note
-- [filters of rows] there).
-- ==
-- input { [5i32, -2i32, 8i32, 0i32, -7i32] [4i64, 7i64, 1i64, 10i64]
--         [[1i32, 2i32], [3i32, 0i32]] }
-- output { [5i32, 8i32] [4i64, 10i64] [7i64, 1i64] [[1i32, 2i32]] }
-- input { empty([0]i32) empty([0]i64) empty([0][2]i32) }
-- output { empty([0]i32) empty([0]i64) empty([0]i64) empty([0][2]i32) }
-- structure kernels { global 12 group 0 host 0 filter 0 scanomap 3 scatter 3 }
entry main [m] (xs: []i32) (ys: []i64) (rows: [m][2]i32) =
  let pos = filter (> 0) xs
  let (evens, odds) = partition (\y -> y % 2 == 0) ys
  let nonzero = filter (\r -> r[1] != 0) rows
  in (pos, evens, odds, nonzero)
