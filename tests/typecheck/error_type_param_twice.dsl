-- A definition with two type parameters of the same name.
-- ==
-- error: parameter 'a' is given twice

def f 'a 'a (x: a) : a = x

entry main (x: i32) : i32 = x
