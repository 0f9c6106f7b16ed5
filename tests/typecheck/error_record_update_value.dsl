-- A record update must keep the field's type.
-- ==
-- error: the new value does not fit the field: expected bool

entry main (x: i32) : i32 =
  let r = {a = x, b = true}
  let r = r with b = 3
  in r.a
