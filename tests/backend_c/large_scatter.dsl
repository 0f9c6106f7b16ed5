-- A scatter of 10^7 elements through the permutation i -> (i * 7919) % n, checked by
-- the weighted sum of the result.
-- ==
-- input { 10000000i64 }
-- output { 24974997165000000i64 }
entry main (n: i64) =
  let dest = scatter (replicate n 0i64) (map (\i -> (i * 7919) % n) (iota n)) (iota n)
  in reduce (+) 0 (map2 (\j d -> d * (j % 1000)) (iota n) dest)
