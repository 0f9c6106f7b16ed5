-- A pipe into a consuming function consumes the piped array.
-- ==
-- error: error_unique_pipe_consumes\.dsl:9:6: error: 'xs' is used after being consumed

def bump (r: *[]i32) : *[]i32 = r with [0] = r[0] + 1

entry main (xs: *[]i32) : i32 =
  let ys = xs |> bump
  in xs[0] + ys[0]
