-- A scan over 10^7 elements: the last prefix sum of i % 7 and the xor of all prefix
-- sums as a checksum.
-- ==
-- input { 10000000i64 }
-- output { 29999994i64 11473430i64 }
entry main (n: i64) =
  let s = scan (+) 0 (map (\i -> i % 7) (iota n))
  in (s[n - 1], reduce (^) 0 s)
