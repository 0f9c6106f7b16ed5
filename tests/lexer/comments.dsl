-- Line comments run to the end of the line, also after code.
-- ==
-- input { 1i32 } output { 3i32 }

entry main (x: i32) : i32 = -- a trailing comment
  x + 2 -- another one; -- and -- nested markers are just text
-- a comment at the end
