-- A loop body cannot consume an array that is not a loop parameter.
-- ==
-- error: error_unique_loop_free\.dsl:9:21: error: the loop body consumes 'a', which is not a loop parameter: it would be consumed in every iteration
-- error: error_unique_loop_free\.dsl:7:7: note: 'a' is bound here

entry main (n: i64) : i64 =
  let a = replicate n 0i64
  let s = loop s = 0 for i < n do
            let b = a with [i] = i
            in s + b[i]
  in s
