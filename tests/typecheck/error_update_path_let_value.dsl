-- The value of `let r.a[i] = v` must fit the element it replaces.
-- ==
-- error: error_update_path_let_value\.dsl:7:16: error: the new value does not fit the update: expected i32, found bool

entry main (n: i64) =
  let r = {a = replicate n 0i32, b = 1i32}
  let r.a[0] = true
  in r.a
