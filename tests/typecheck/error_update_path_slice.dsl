-- A slice may only be in the last index list of an update path (Prism appends the
-- lists, which is only right for single elements before the last).
-- ==
-- error: error_update_path_slice\.dsl:7:12: error: a slice in an update path must be in its last index list

entry main (xss: *[4][4]i32) =
  xss with [1:3][0] = [1, 2, 3, 4]
