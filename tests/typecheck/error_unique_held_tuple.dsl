-- A tuple holds its first part while the second is computed: the second may not
-- consume what the first aliases.
-- ==
-- error: error_unique_held_tuple\.dsl:7:4: error: 'xs' is used after being consumed \(this value is held

entry main (xs: *[]i32) : ([]i32, []i32) =
  (xs, let ys = xs with [0] = 5 in ys)
