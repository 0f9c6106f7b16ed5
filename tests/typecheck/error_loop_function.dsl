-- A loop parameter that is a function.
-- ==
-- error: loop parameters cannot be functions

entry main (x: i32) : i32 =
  let f = loop f = (\(y: i32) -> y + 1) for i < 3 do f
  in f x
