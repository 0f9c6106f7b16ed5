-- The initial value of a loop that updates one parameter in place may not give
-- the same array to another parameter.
-- ==
-- error: error_unique_self_aliased_loop\.dsl:8:24: error: the initial value of a loop that consumes its parameter holds 'x' twice

entry main (n: i64) : ([]i64, []i64) =
  let x = iota n
  in loop (a, b) = (x, x) for i < 2 do (a with [0] = b[0] + 1, b)
