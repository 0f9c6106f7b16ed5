-- Updating a record's field in place updates what the field aliases: here a
-- parameter not declared unique.
-- ==
-- error: error_unique_record_field_param\.dsl:9:6: error: 'xs' is consumed here, but it is a parameter not declared unique

entry main (xs: []i32) : []i32 =
  let r = {vals = xs, scale = 2i32}
  let s = r.scale
  in r.vals with [0] = s
