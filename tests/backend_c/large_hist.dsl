-- hist over 10^7 elements into 1000 bins: every bin of i % 1000 counts 10^4, and the
-- sums per bin are checked through a weighted total.
-- ==
-- input { 10000000i64 }
-- output { 10000i64 10000i64 49999995000000i64 }
entry main (n: i64) =
  let is = map (\i -> i % 1000) (iota n)
  let counts = hist (+) 0 1000 is (replicate n 1i64)
  let sums = hist (+) 0 1000 is (iota n)
  in (i64.minimum counts, i64.maximum counts, i64.sum sums)
