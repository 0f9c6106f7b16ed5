-- Never duplicate a producer: a map read by two consumers that cannot both take it
-- (a hist and a scatter, neither of which can return it) stays a map, computed once;
-- read by a reduce and a scan, it fuses into the reduce, which returns it (diagonal),
-- and the scan reads that; read by two maps, it is computed once, in one map (the loop
-- of its lambda appears once in the program).
-- ==
-- input { 5i64 [6i64, 12i64, 8i64, 20i64] }
-- output { [1i32, 1i32, 1i32, 1i32, 0i32] [3i64, 0i64, 1i64, 2i64, -1i64] }
-- entry: reduce_scan
-- input { [1i32, 2i32, 3i32] } output { 18i32 [3i32, 9i32, 18i32] }
-- entry: expensive
-- input { 3i64 [0.5f32, -1f32] } output { [3.5625f32, 3.375f32] [5.125f32, 4.75f32] }
-- structure { map 2 hist 1 scatter 1 redomap 1 scan 1 loop 1 }
entry main [n] (k: i64) (xs: [n]i64) =
  let ys = map (\x -> x % k) xs
  in (hist (+) 0 k ys (replicate n 1i32), scatter (replicate k (-1)) ys (iota n))

entry reduce_scan (xs: []i32) =
  let ys = map (\x -> x * 3) xs
  in (reduce (+) 0 ys, scan (+) 0 ys)

entry expensive (k: i64) (xs: []f32) =
  let ys = map (\x -> loop a = x for i < k do a * 0.5 + f32.i64 i) xs
  in (map (+ 1) ys, map (* 2) ys)
