-- Letters straight after a number make a malformed literal (no space between them).
-- ==
-- error: the literal '3x' ends in 'x', which is not a suffix

entry main (x: i32) = let y = 3x in y
