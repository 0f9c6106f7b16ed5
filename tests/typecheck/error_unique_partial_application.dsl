-- A partial application holds its arguments: using it after one of them was
-- consumed is a use of a consumed array.
-- ==
-- error: error_unique_partial_application\.dsl:11:6: error: 'at' is used after 'xs', which it aliases, was consumed

def index (xs: []i32) (i: i64) : i32 = xs[i]

entry main (xs: *[]i32) : i32 =
  let at = index xs
  let ys = xs with [0] = 7
  in at 0 + ys[0]
