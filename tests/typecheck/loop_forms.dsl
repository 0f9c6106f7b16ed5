-- for-in and while loops, loops over tuples, and a loop with an inferred accumulator type.
-- ==
-- input { [1f64, 2f64, 3f64] } output { 6.0f64 14.0f64 16i32 4i64 }

entry main (xs: []f64) : (f64, f64, i32, i64) =
  let s = loop acc = 0 for x in xs do acc + x
  let (_, sq) = loop (i, acc) = (0, 0) while i < length xs do (i + 1, acc + xs[i] * xs[i])
  let p = loop p = 1 while p < 10 do p * 2
  let k = loop k = 0 for _i < 4i64 do k + 1
  in (s, sq, p, k)
