-- Horizontal fusion with reductions: a map and a reduce over the same array become one
-- redomap that returns the map's result as a map-out; two reductions over the same
-- array become one redomap with both operators (sum and product); a map and a scan
-- become one scanomap; the mean and the mean of squares of the same array are one
-- redomap (the two maps fuse vertically into the two reductions, which then merge); a
-- map over xs and a reduce over ys of the same size n are one redomap reading both.
-- ==
-- input { [1i32, 2i32, -3i32] } output { [2i32, 4i32, -6i32] 0i32 }
-- input { empty([0]i32) } output { empty([0]i32) 0i32 }
-- entry: sumprod
-- input { [1i32, 2i32, -3i32, 4i32] } output { 4i32 -24i32 }
-- input { empty([0]i32) } output { 0i32 1i32 }
-- entry: mapscan
-- input { [3i64, -1i64, 5i64] } output { [6i64, -2i64, 10i64] [3i64, 2i64, 7i64] }
-- entry: moments
-- input { [1f64, 2f64, 3f64, 6f64] } output { 3f64 12.5f64 }
-- entry: other
-- input { [1i32, 2i32] [10i32, -3i32] } output { [2i32, 4i32] 7i32 }
-- structure { redomap 4 scanomap 1 map 0 reduce 0 scan 0 }
entry main (xs: []i32) =
  let ys = map (\x -> x * 2) xs
  let s = reduce (+) 0 xs
  in (ys, s)

entry sumprod (xs: []i32) = (reduce (+) 0 xs, reduce (*) 1 xs)

entry mapscan (xs: []i64) = (map (\x -> x * 2) xs, scan (+) 0 xs)

entry moments [n] (xs: [n]f64) =
  let s1 = reduce (+) 0 (map (\x -> x + 1) xs)
  let s2 = reduce (+) 0 (map (\x -> x * x) xs)
  in (s1 / f64.i64 n - 1, s2 / f64.i64 n)

entry other [n] (xs: [n]i32) (ys: [n]i32) = (map (\x -> x * 2) xs, reduce (+) 0 ys)
