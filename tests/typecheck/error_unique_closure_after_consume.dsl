-- A lambda that reads an array keeps it: calling the lambda after the array was
-- consumed reads a consumed array.
-- ==
-- error: error_unique_closure_after_consume\.dsl:10:6: error: 'get' is used after 'xs', which it aliases, was consumed
-- error: note: 'xs' was consumed here

entry main (xs: *[]i32) : i32 =
  let get = \(i: i64) -> xs[i]
  let ys = xs with [0] = 7
  in get 0 + ys[1]
