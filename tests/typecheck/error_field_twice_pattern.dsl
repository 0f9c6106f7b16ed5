-- A record pattern that names a field twice.
-- ==
-- error: field 'a' is given twice

entry main (x: i32) : i32 =
  let {a, a = b} = {a = x, b = x}
  in a
