-- An entry point cannot return a function inside a tuple (a function result alone gives
-- it more parameters, as in Futhark).
-- ==
-- error: entry point 'main' cannot return a function \(type \(i32, i32 -> i32\)\)

entry main (x: i32) : (i32, i32 -> i32) = (x, \y -> x + y)
