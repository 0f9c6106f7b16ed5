-- The source of an update path is consumed: using it afterwards is an error.
-- ==
-- error: error_update_path_after\.dsl:9:6: error: .*'ps'.*consumed

entry main (n: i64) =
  let ps = replicate n {a = 0i32, b = 0i32}
  let qs = ps with [0].a = 1
  let s = qs[0].a
  in ps[0].b + s
