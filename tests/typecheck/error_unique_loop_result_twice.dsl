-- A loop body may not return the array it updates for two parameters: the next
-- iteration would consume the one and read the other.
-- ==
-- error: error_unique_loop_result_twice\.dsl:10:9: error: the loop body consumes this parameter, but it aliases component 2 of the same result

entry main (n: i64) (xs: []i32) : ([]i32, []i32) =
  loop (a, b) = (copy xs, copy xs) for i < n do
    let a[0] = a[0] + b[0]
    let c = a
    in (c, c)
