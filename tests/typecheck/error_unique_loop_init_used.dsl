-- A loop that updates its parameter in place consumes the initial value, which the body then uses.
-- ==
-- error: error_unique_loop_init_used\.dsl:8:43: error: 'a' is used inside the loop, but the loop consumes it
-- error: error_unique_loop_init_used\.dsl:8:15: note: the loop's initial value 'a' is consumed here

entry main (n: i64) : []i64 =
  let a = replicate n 0i64
  in loop b = a for i < n do b with [i] = a[i] + 1
