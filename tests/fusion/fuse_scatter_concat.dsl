-- Vertical fusion into scatter through ++ of equal-width parts: the indices and the
-- values are each the concatenation of two arrays of width m that maps make, so the
-- scatter becomes one of width m writing twice per element, with the maps inside its
-- lambda (one scatter, no map, no concat). `interleave` puts the first half of xs at
-- the even positions and the second half at the odd ones (a radix-2 pass's writes);
-- with odd n the last element of the destination keeps its value. `pairs` takes its
-- parts from one map making two arrays, and its indices run past the end.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] }
-- output { [10i64, 400i64, 20i64, 500i64, 30i64, 600i64] }
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] } output { [10i64, 300i64, 20i64, 400i64, 0i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
-- entry: pairs
-- input { [5i32, -2i32, 7i32] }
-- output { [5i32, 6i32, -2i32, -3i32, 7i32, -1i32, -1i32] }
-- structure { scatter 2 map 0 concat 0 }
entry main [n] (xs: [n]i64) : [n]i64 =
  let m = n / 2
  let ie = map (\i -> 2 * i) (iota m)
  let io = map (\i -> 2 * i + 1) (iota m)
  let ve = map (\i -> xs[i] * 10) (iota m)
  let vo = map (\i -> xs[i + m] * 100) (iota m)
  in scatter (replicate n 0) (ie ++ io) (ve ++ vo)

entry pairs [n] (xs: [n]i32) =
  let (lo, hi) = unzip (map (\x -> (x, if x < 0 then x - 1 else x + 1)) xs)
  let (il, ih) = unzip (map (\i -> (2 * i, if i == n - 1 then 2 * n + 1 else 2 * i + 1)) (iota n))
  in scatter (replicate (2 * n + 1) (-1)) (il ++ ih) (lo ++ hi)
