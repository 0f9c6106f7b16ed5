-- In an update path, an index list follows what it indexes without a space, as in an
-- index expression.
-- ==
-- error: error_update_path_space\.dsl:7:12: error: an index list in an update path is written right after what it indexes

entry main (r: *{a: [3]i32}) =
  r with a [0] = 1
