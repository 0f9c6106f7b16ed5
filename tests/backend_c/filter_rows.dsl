-- filter and partition on arrays whose elements are rows, tuples or records.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 0i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32]] [[5i32, 0i32]] [[3i32, 4i32], [5i32, 0i32]] [[1i32, 2i32]]
--          [1i32, 5i32] [false, false] [3i32] }
entry main (m: [][2]i32) =
  let (big, small) = partition (\r -> r[0] + r[1] > 4) m
  let ts = filter (\(a, _) -> a != 3) (map (\r -> (r[0], r[1] > 4)) m)
  let rs = filter (\r -> r.x == 3) (map (\r -> {x = r[0], y = r[1]}) m)
  in (filter (\r -> r[1] > 0) m, filter (\r -> r[1] == 0) m, big, small,
      map (.0) ts, map (.1) ts, map (.x) rs)
