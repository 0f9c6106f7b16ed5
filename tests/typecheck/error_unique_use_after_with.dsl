-- Using an array after a 'with' consumed it; the note points at the consumption.
-- ==
-- error: error_unique_use_after_with\.dsl:9:6: error: 'a' is used after being consumed
-- error: error_unique_use_after_with\.dsl:8:11: note: 'a' was consumed here

entry main (n: i64) : i32 =
  let a = replicate n 0i32
  let b = a with [0] = 1
  in a[0] + b[0]
