-- The same array passed for a unique parameter and for another parameter of one call.
-- ==
-- error: error_unique_same_argument\.dsl:10:8: error: 'xs' is consumed by this argument, but is also passed as another argument of the same call
-- error: error_unique_same_argument\.dsl:10:11: note: also passed here

def g [n] (a: *[n]i32) (b: [n]i32) : *[n]i32 = a with [0] = b[0]

entry main (n: i64) : []i32 =
  let xs = replicate n 0i32
  in g xs xs
