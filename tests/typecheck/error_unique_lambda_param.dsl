-- A lambda's parameter not declared unique may not be consumed: the rows of xss
-- belong to xss.
-- ==
-- error: error_unique_lambda_param\.dsl:7:14: error: 'r' is consumed here, but it is a parameter not declared unique

entry main (xss: *[][]i32) : [][]i32 =
  map (\r -> r with [0] = 1) xss
