-- A string literal is an array of u8, not a number.
-- ==
-- error: 5:27: error: the right operand of '\+' has type \[3\]u8, but i32 is expected

entry main (x: i32) = x + "abc"
