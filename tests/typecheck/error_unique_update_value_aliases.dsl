-- The new value of an in-place update cannot alias the array being updated.
-- ==
-- error: the new value aliases 'm', the array being updated

entry main (n: i64) : [][]i32 =
  let m = replicate n (replicate n 0i32)
  in m with [0] = m[1]
