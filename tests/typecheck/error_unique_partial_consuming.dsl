-- A let-bound function computed by consuming an array would consume it at every
-- call: `set xs` is such a function.
-- ==
-- error: error_unique_partial_consuming\.dsl:9:11: error: this expression consumes an array and computes a function

def set (xs: *[]i32) (i: i64) (v: i32) : *[]i32 = xs with [i] = v

entry main (xs: *[]i32) : ([]i32, []i32) =
  let f = set xs
  in (f 0 1, f 1 2)
