-- A size in a type cannot be an arbitrary expression such as a function call.
-- ==
-- error: a size in a type must be a constant, the name of an i64 value, or \+ - \* / % of those

def f [n] (xs: [n]i32) : [i64.max n 1]i32 = xs

entry main (x: i32) : i32 = x
