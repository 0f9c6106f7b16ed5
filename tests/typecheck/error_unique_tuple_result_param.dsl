-- A unique component of a tuple result may be consumed by the caller, so it may not
-- alias a parameter that is not unique.
-- ==
-- error: 6:45: error: the result is declared unique, but it may alias the parameter 'xs'

def pad [n] (xs: [n]i32) : (*[n]i32, i64) = (xs, n)

entry main (xs: []i32) : []i32 =
  let (ys, _) = pad xs
  in ys with [0] = 1
