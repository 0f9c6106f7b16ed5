-- A record expression that gives a field twice; a note points at the first.
-- ==
-- error: error_field_twice\.dsl:7:19: error: field 'a' is given twice
-- error: error_field_twice\.dsl:7:12: note: first given here

entry main (x: i32) : i32 =
  let r = {a = x, a = 2}
  in r.a
