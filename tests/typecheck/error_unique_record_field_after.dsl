-- After a record's field was updated in place, the record (which shares the
-- field's memory) may not be used.
-- ==
-- error: error_unique_record_field_after\.dsl:9:6: error: 'r' is used after being consumed

entry main (xs: []i32) : i32 =
  let r = {vals = copy xs, scale = 2i32}
  let ys = r.vals with [0] = 5
  in r.vals[0] + ys[0]
