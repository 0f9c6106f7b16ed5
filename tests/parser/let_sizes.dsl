-- `let [n] xs = ...` binds the size of an array whose size is not known
-- statically.
-- ==
-- input { 5i64 } output { 2i64 4i64 }

entry main (k: i64) : (i64, i64) =
  let [n] xs = filter (> 2) (iota k)
  in (n, length xs + n)
