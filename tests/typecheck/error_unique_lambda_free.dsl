-- A lambda cannot consume an array bound outside it.
-- ==
-- error: error_unique_lambda_free\.dsl:8:17: error: a function consumes 'a', which is bound outside it
-- error: error_unique_lambda_free\.dsl:7:7: note: 'a' is bound here

entry main (n: i64) : [][]i32 =
  let a = replicate n 0i32
  in map (\i -> a with [i] = 1) (iota n)
