-- A parameter pattern that does not match its annotation.
-- ==
-- error: pattern does not match its type annotation: expected i32, found \(.*, .*\)

def f ((a, b): i32) : i32 = a

entry main (x: i32) : i32 = x
