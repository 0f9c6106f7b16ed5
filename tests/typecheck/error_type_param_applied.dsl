-- A type parameter applied to an argument.
-- ==
-- error: type parameter 'a' takes no arguments

def f 'a (x: a i32) : i32 = 0

entry main (x: i32) : i32 = x
