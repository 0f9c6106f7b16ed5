-- A lambda that reads xs, passed to the same call that consumes xs.
-- ==
-- error: error_unique_closure_same_call\.dsl:8:26: error: 'xs' is consumed by this argument, but is also passed as another argument of the same call

def set0 (f: i64 -> i32) (xs: *[]i32) : *[]i32 = xs with [0] = f 1

entry main (xs: *[]i32) : []i32 =
  set0 (\i -> xs[i] * 2) xs
