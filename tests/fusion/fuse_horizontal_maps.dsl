-- Horizontal fusion of maps: two independent maps of the same width in one body
-- become one map with the results of both; over the same array (its element is read
-- once), and over different arrays of the same size n (the merged map reads both).
-- Three maps over the same array merge into one too.
-- ==
-- input { [1i32, 2i32, -3i32] } output { [3i32, 6i32, -9i32] [8i32, 9i32, 4i32] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }
-- entry: sizes
-- input { [1i32, 2i32] [0.5f32, 4f32] } output { [-1i32, -2i32] [1f32, 8f32] }
-- entry: three
-- input { [2i64, -5i64] } output { [3i64, -4i64] [4i64, 25i64] [true, false] }
-- structure { map 3 }
entry main (xs: []i32) =
  let a = map (\x -> x * 3) xs
  let b = map (\x -> x + 7) xs
  in (a, b)

entry sizes [n] (xs: [n]i32) (ys: [n]f32) =
  let a = map (\x -> -x) xs
  let b = map (\y -> y * 2) ys
  in (a, b)

entry three (xs: []i64) =
  (map (+ 1) xs, map (\x -> x * x) xs, map (> 0) xs)
