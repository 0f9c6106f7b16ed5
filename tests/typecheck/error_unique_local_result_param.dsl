-- A local function's unique result may not alias a parameter that is not unique:
-- the caller would update the argument in place.
-- ==
-- error: error_unique_local_result_param\.dsl:7:31: error: the result is declared unique, but it may alias the parameter 'a', which is not unique

entry main (xs: []i32) : []i32 =
  let f (a: []i32) : *[]i32 = a
  let ys = f xs
  let ys[0] = 1
  in ys
