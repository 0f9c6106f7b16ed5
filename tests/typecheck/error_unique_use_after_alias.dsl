-- Using an alias of an array after the array was consumed.
-- ==
-- error: error_unique_use_after_alias\.dsl:10:6: error: 'c' is used after 'a', which it aliases, was consumed
-- error: error_unique_use_after_alias\.dsl:9:11: note: 'a' was consumed here

entry main (n: i64) : i32 =
  let a = replicate n 0i32
  let c = a
  let b = a with [0] = 1
  in c[0] + b[0]
