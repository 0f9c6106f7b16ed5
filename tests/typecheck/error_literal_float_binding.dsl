-- A float literal bound to an i64 variable.
-- ==
-- error: pattern does not match the value: expected i64, .*\(i64 is not a floating-point type\)

entry main (x: i32) : i32 =
  let y: i64 = 2.0
  in x
