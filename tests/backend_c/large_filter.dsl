-- map then filter over 10^7 elements: how many of (i*i) % 1009 are below 100, and
-- their sum.
-- ==
-- input { 10000000i64 }
-- output { 1080273i64 45014825i64 }
entry main (n: i64) =
  let kept = filter (< 100) (map (\i -> (i * i) % 1009) (iota n))
  in (length kept, reduce (+) 0 kept)
