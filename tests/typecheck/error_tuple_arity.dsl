-- A tuple pattern with fewer elements than the value.
-- ==
-- error: pattern does not match the value: expected \(.*, .*\), found \(i32, i32, i32\)

entry main (x: i32) : i32 =
  let (a, b) = (x, x, x)
  in a
