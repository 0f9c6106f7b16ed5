-- A let pattern may not bind a name both as a size and as a value.
-- ==
-- error: error_size_let_binder_value\.dsl:6:23: error: 'k' is bound twice in the same pattern

entry main (xs: []i32) : i64 =
  let [k] (a: [k]i32, k: i64) = (filter (> 0) xs, 2)
  in k + length a
