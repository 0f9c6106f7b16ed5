-- Applying a function to more arguments than its type takes.
-- ==
-- error: 'f' is applied to 2 arguments, but its type i32 -> i32 takes 1

def f (x: i32) : i32 = x + 1

entry main (x: i32) : i32 = f x x
