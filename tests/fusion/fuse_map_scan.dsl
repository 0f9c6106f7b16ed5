-- Vertical fusion, map into scan: the scan becomes a scanomap computing the map's
-- lambda per element (prefix sums of squares; running maximum with its position, a
-- tuple scan whose map makes both components).
-- ==
-- input { [1i32, -2i32, 3i32, 0i32] } output { [1i32, 5i32, 14i32, 14i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: runmax
-- input { [3i64, 1i64, 4i64, 1i64, 5i64, 9i64, 2i64] }
-- output { [-3i64, 1i64, 1i64, 1i64, 1i64, 9i64, 9i64]
--          [0i64, 1i64, 1i64, 1i64, 1i64, 5i64, 5i64] }
-- structure { scanomap 2 map 0 scan 0 }
entry main (xs: []i32) = scan (+) 0 (map (\x -> x * x) xs)

entry runmax [n] (xs: [n]i64) =
  let vs = map2 (\x i -> (-x + 2 * (i % 2) * x, i)) xs (iota n)
  let (v, p) = unzip vs
  in unzip (scan (\(a, i) (b, j) -> if b > a then (b, j) else (a, i)) (i64.lowest, -1) (zip v p))
