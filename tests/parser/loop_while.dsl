-- A `while` loop.
-- ==
-- input { 100i32 } output { 128i32 }

entry main (n: i32) : i32 =
  loop x = 1 while x < n do x * 2
