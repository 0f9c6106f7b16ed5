-- A call holds its first argument while the second is computed.
-- ==
-- error: error_unique_held_argument\.dsl:8:8: error: 'xs' is used after being consumed \(this value is held

def join (a: []i32) (b: []i32) : []i32 = a ++ b

entry main (xs: *[]i32) : []i32 =
  join xs (let ys = xs with [0] = 5 in ys)
