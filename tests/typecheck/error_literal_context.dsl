-- An unsuffixed literal is range-checked at the type its context gives it.
-- ==
-- error: the literal 300 is out of range for type u8

entry main (x: u8) : u8 =
  let y: u8 = 300
  in x + y
