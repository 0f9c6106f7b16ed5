-- A consumption in one branch of an if counts after the if.
-- ==
-- error: error_unique_use_after_branch\.dsl:9:6: error: 'a' is used after being consumed
-- error: note: 'a' was consumed here

entry main (c: bool) (n: i64) : i32 =
  let a = replicate n 0i32
  let b = if c then a with [0] = 1 else replicate n 2
  in a[0] + b[0]
