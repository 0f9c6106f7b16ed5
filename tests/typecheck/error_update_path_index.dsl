-- An index list in an update path applies to an array: here the field is an i32.
-- ==
-- error: error_update_path_index\.dsl:6:11: error: cannot index a value of type i32

entry main (r: *{a: i32, b: [3]i32}) =
  r with a[0] = 1
