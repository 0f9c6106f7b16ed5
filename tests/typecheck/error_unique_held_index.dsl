-- The array being indexed is held while the index is computed, so the index may
-- not consume it.
-- ==
-- error: error_unique_held_index\.dsl:7:19: error: 'xs' is used after being consumed \(this value is held

entry main (xs: *[]i32) : i32 =
  let k = 1i64 in xs[let ys = xs with [0] = 5 in i64.i32 ys[k]]
