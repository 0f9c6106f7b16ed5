-- The new value of an update path may not alias its source: here row 1's field a is
-- part of the same array of records.
-- ==
-- error: error_update_path_value_aliases\.dsl:7:19: error: the new value aliases 'xs', the value being updated

entry main (xs: *[]{a: [2]i32, b: i32}) =
  xs with [0].a = xs[1].a
