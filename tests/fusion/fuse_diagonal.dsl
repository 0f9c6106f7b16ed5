-- Diagonal fusion: a map whose result is read by a later SOAC and also returned (or
-- used after it) still fuses; the fused SOAC returns the map's result too, as map
-- results of a map or map-outs of a redomap or scanomap, so it is computed once and
-- the input is read once. `main`: the mapped array and its sum (one redomap);
-- `scanned`: the mapped array and its prefix sums (one scanomap); `both`: the mapped
-- array, a second map of it and the sum of that (one redomap); `partial`: a map making
-- two arrays, one returned and one summed (one redomap); `updated`: the returned array
-- is then updated in place with its own sum (one redomap and the update).
-- ==
-- input { [1i32, -2i32, 3i32] } output { [3i32, -6i32, 9i32] 6i32 }
-- input { empty([0]i32) } output { empty([0]i32) 0i32 }
-- entry: scanned
-- input { [1f32, 0.5f32, -2f32] } output { [2f32, 1f32, -4f32] [2f32, 3f32, -1f32] }
-- entry: both
-- input { [4i64, -1i64, 0i64] } output { [8i64, -2i64, 0i64] [9i64, -1i64, 1i64] 9i64 }
-- entry: partial
-- input { [1i32, 2i32] } output { [2i32, 4i32] 5i32 }
-- entry: updated
-- input { [1i64, 2i64, 3i64] } output { [12i64, 4i64, 6i64] }
-- structure { redomap 4 scanomap 1 map 0 reduce 0 scan 0 update 1 }
entry main (xs: []i32) =
  let ys = map (\x -> x * 3) xs
  in (ys, reduce (+) 0 ys)

entry scanned (xs: []f32) =
  let ys = map (\x -> x * 2) xs
  in (ys, scan (+) 0 ys)

entry both (xs: []i64) =
  let ys = map (\x -> x * 2) xs
  let zs = map (\y -> y + 1) ys
  in (ys, zs, reduce (+) 0 zs)

entry partial (xs: []i32) =
  let (a, b) = unzip (map (\x -> (x * 2, x + 1)) xs)
  in (a, reduce (+) 0 b)

entry updated (xs: []i64) =
  let ys = map (\x -> x * 2) xs
  let s = reduce (+) 0 ys
  in ys with [0] = s
