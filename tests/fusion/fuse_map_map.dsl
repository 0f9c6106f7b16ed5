-- Vertical fusion, map into map: a map whose result is read only by a later map of
-- the same width is composed into it, so one map computes both lambdas and the
-- intermediate array is never made. Also when the producer makes a tuple that the
-- consumer reads through unzip and map2, and with f64 arithmetic that must give the
-- same rounding as the unfused chain.
-- ==
-- input { [1i32, 2i32, -3i32, 0i32, 2147483647i32] }
-- output { [6i32, 9i32, -6i32, 3i32, -2147483648i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: pairs
-- input { [5i32, -2i32, 0i32] } output { [-4i32, 3i32, 1i32] }
-- entry: floats
-- input { [0.1f64, 1e16f64, -3.5f64] } output { [0.3f64, 3e16f64, -10.5f64] }
-- structure { map 3 }
entry main (xs: []i32) = map (\x -> x * 3) (map (\x -> x + 1) xs)

entry pairs (xs: []i32) =
  let (a, b) = unzip (map (\x -> (x + 1, x * 2)) xs)
  in map2 (-) a b

entry floats (xs: []f64) = map (\y -> y * 3 - 0.1 * 3 + 0.3) (map (\x -> x + 0.0) xs)
