-- An operator defined with one parameter cannot be used infix.
-- ==
-- error: '\+\+\+' is not a binary operator \(its type is i32 -> i32\)

def (+++) (x: i32) : i32 = x

entry main (x: i32) : i32 = x +++ x
