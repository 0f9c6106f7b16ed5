-- A float literal cannot be used where an integer is expected.
-- ==
-- error: the right operand of '\+' has type .*, but i32 is expected \(i32 is not a floating-point type\)

entry main (x: i32) : i32 = x + 1.5
