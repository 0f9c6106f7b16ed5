-- let a[i] = v consumes the old a: an alias of it cannot be used afterwards.
-- ==
-- error: 'b' is used after 'a', which it aliases, was consumed
-- error: error_unique_use_after_let_update\.dsl:9:3: note: 'a' was consumed here

entry main (n: i64) : i32 =
  let a = replicate n 0i32
  let b = a
  let a[0] = 5
  in b[0]
