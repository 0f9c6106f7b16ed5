-- Vertical fusion, map into filter: when the mapped values are scalars, the filter's
-- lambda computes them, tests them and keeps them (one filter, no map): a filter of
-- squares, and a filter of pairs made by one map (unzip, zip) keeping the values whose
-- flag is set, so both arrays the map makes are kept together.
-- ==
-- input { [1i32, -4i32, 3i32, 0i32, 5i32] } output { [16i32, 9i32, 25i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- input { [1i32, 2i32] } output { empty([0]i32) }
-- entry: pairs
-- input { [2i64, 7i64, -1i64, 9i64] } output { [14i64, 18i64] [7i64, 9i64] }
-- structure { filter 2 map 0 }
entry main (xs: []i32) = filter (\y -> y > 4) (map (\x -> x * x) xs)

entry pairs (xs: []i64) =
  let (a, b, keep) = unzip3 (map (\x -> (x * 2, x, x > 3)) xs)
  let (a', b', _) = unzip3 (filter (\(_, _, k) -> k) (zip3 a b keep))
  in (a', b')
