-- An entry point cannot return a function.
-- ==
-- error: entry point 'main' cannot return a function \(type i32 -> i32\)

entry main (x: i32) : i32 -> i32 = \y -> x + y
