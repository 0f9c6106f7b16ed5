-- A `:>` coercion whose size does not hold fails at run time with the coercion's location.
-- ==
-- input { [1i32, -2i32, 3i32] } error: coerce_runtime_error\.dsl:8:6: error: .*size.*\[n\]i32
-- input { [1i32, 2i32, 3i32] } output { [1i32, 2i32, 3i32] }

entry main [n] (xs: [n]i32) : [n]i32 =
  let pos = filter (> 0) xs
  in pos :> [n]i32
