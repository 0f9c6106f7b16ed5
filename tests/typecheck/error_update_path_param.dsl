-- An update path with an index list consumes its source, so the source cannot be a
-- parameter that is not unique, even when the array is inside a record.
-- ==
-- error: error_update_path_param\.dsl:7:3: error: 'r' is consumed here, but it is a parameter not declared unique

entry main (r: {vals: [3]i32, n: i32}) =
  r with vals[0] = r.n
