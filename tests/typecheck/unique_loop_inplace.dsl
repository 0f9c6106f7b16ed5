-- A loop-carried array updated in place in every iteration, from a fresh initial value.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] [[0i64, 0i64], [1i64, 1i64]] }

entry main (n: i64) : ([]i64, [][]i64) =
  let a = loop a = replicate n 0 for i < n do a with [i] = i * i
  let m = loop (m: *[2][2]i64) = replicate 2 (replicate 2 0) for i < 2 do
            m with [i] = replicate 2 i
  in (a, m)
