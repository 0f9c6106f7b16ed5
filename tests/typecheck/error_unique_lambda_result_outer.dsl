-- A lambda's unique result may not alias an array it captured.
-- ==
-- error: error_unique_lambda_result_outer\.dsl:7:33: error: the result is declared unique, but it may alias 'zs', which is bound outside the function

entry main (xs: []i32) : []i32 =
  let zs = copy xs
  let g = \(i: i32) : *[]i32 -> zs
  let ys = g 0
  let ys[0] = 1
  in zs
