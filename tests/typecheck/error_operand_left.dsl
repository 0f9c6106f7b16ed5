-- The left operand of + must be numeric: bool is not.
-- ==
-- error: the left operand of '\+' has type bool, but .* is expected \(bool is not a numeric type\)

entry main (x: i32) : i32 = true + x
