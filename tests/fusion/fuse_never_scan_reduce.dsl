-- A scan is never a producer: a scan feeding a reduce stays two SOACs (the scan's
-- whole result is needed to know each element), also when a map feeds the scan (that
-- map fuses into it: a scanomap, then a reduce); a scan feeding a map keeps the map.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] } output { 20i32 }
-- input { empty([0]i32) } output { 0i32 }
-- entry: mapped
-- input { [1i32, -2i32, 3i32] } output { 20i32 }
-- entry: scan_map
-- input { [1i64, 2i64, 3i64] } output { [0i64, 1i64, 3i64] }
-- structure { scan 1 scanomap 2 reduce 2 map 1 redomap 0 }
entry main (xs: []i32) = reduce (+) 0 (scan (+) 0 xs)

entry mapped (xs: []i32) = reduce (+) 0 (scan (+) 0 (map (\x -> x * x) xs))

entry scan_map [n] (xs: [n]i64) =
  let incl = scan (+) 0 (map (\x -> x) xs)
  in map2 (-) incl xs
