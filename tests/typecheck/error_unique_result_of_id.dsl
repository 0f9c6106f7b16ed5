-- The result of a function with a non-unique result aliases its argument.
-- ==
-- error: 'b' is used after 'a', which it aliases, was consumed

entry main (n: i64) : i32 =
  let a = replicate n 0i32
  let b = id a
  let c = a with [0] = 1
  in b[0] + c[0]
