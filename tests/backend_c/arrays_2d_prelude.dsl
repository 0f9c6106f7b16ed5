-- Prelude and built-in array functions applied to 2-D arrays, where they work on
-- rows: reverse, rotate, take, drop, concat, zip/unzip of rows, flatten of a 3-D
-- array, and copy.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[5i32, 6i32], [3i32, 4i32], [1i32, 2i32]] [[3i32, 4i32], [5i32, 6i32], [1i32, 2i32]]
--          [[1i32, 2i32]] [[3i32, 4i32], [5i32, 6i32]]
--          [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32], [1i32, 2i32]]
--          [[1i32, 3i32], [3i32, 5i32], [5i32, 1i32]]
--          [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
entry main [n] (m: [n][2]i32) =
  let pairs = zip m (rotate 1 m)
  let (_, rot) = unzip pairs
  in (reverse m, rot, take 1 m, drop 1 m, concat m (take 1 m),
      map2 (\r s -> [r[0], s[0]]) m rot,
      flatten (flatten (tabulate_3d 2 2 2 (\i j k -> i * 4 + j * 2 + k))), copy m)
