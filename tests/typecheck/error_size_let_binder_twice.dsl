-- One let pattern may not bind the same size twice.
-- ==
-- error: error_size_let_binder_twice\.dsl:7:11: error: 'k' is bound twice in the same pattern

entry main (xs: []i32) : i64 =
  let ys = filter (> 0) xs
  let [k] [k] (a: [k]i32, b: [k]i32) = (ys, ys)
  in k + length a + length b
