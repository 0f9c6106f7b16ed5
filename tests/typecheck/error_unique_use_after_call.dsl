-- Passing an array for a unique parameter consumes it.
-- ==
-- error: error_unique_use_after_call\.dsl:11:6: error: 'a' is used after being consumed
-- error: error_unique_use_after_call\.dsl:10:15: note: 'a' was consumed here

def set [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = 1

entry main (n: i64) : i32 =
  let a = replicate n 0i32
  let b = set a
  in a[0] + b[0]
