-- A local function that reads an array aliases it, as a lambda does.
-- ==
-- error: error_unique_local_function_after_consume\.dsl:9:6: error: 'first' is used after 'xs', which it aliases, was consumed

entry main (xs: *[]i32) : i32 =
  let first (k: i32) = xs[0] + k
  let ys = xs with [0] = 7
  let zs = map (+1) ys
  in first 1 + zs[0]
