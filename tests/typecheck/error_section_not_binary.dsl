-- An operator defined with one parameter cannot be used in a section.
-- ==
-- error: '\+\+\+' is not a binary operator

def (+++) (x: i32) : i32 = x

entry main (xs: []i32) : []i32 = map (+++ 1) xs
