-- hist and reduce_by_index whose values are arrays, combined with a vectorised
-- operator (map2 (+)), and a scatter of tuples.
-- ==
-- input { [0i64, 1i64, 0i64, 5i64] [[1i32, 2i32], [3i32, 4i32], [10i32, 20i32], [7i32, 7i32]] }
-- output { [[11i32, 22i32], [3i32, 4i32]] [[12i32, 23i32], [4i32, 5i32], [1i32, 1i32]]
--          [3i32, 0i32, 1i32] [true, false, false] }
entry main [n] (is: [n]i64) (vs: [n][2]i32) =
  let h = hist (map2 (+)) [0, 0] 2 is vs
  let r = reduce_by_index (replicate 3 [1i32, 1i32]) (map2 (+)) [0, 0] is vs
  let (a, b) = unzip (scatter (replicate 3 (0i32, false)) [2, 0] [(1i32, false), (3i32, true)])
  in (h, r, a, b)
