-- Near misses of the rules on names bound twice: distinct size and value
-- parameters, a size bound by let and used after its value is bound, and a
-- size parameter shadowed by a later let (not the same pattern).
-- ==
-- input { [1i32, -2i32, 3i32] 10i64 } output { 15i64 }

def add_len [n] (xs: [n]i32) (m: i64) : i64 = n + m

entry main (xs: []i32) (m: i64) : i64 =
  let [k] (pos: [k]i32) = filter (> 0) xs
  let total = add_len pos m + k
  let k = 1i64
  in total + k
