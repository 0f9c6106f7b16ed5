-- An entry point cannot take a function.
-- ==
-- error: entry point 'main' cannot take a function \(type i32 -> i32\)

entry main (f: i32 -> i32) (x: i32) : i32 = f x
