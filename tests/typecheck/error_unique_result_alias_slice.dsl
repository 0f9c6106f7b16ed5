-- A slice aliases its array: it cannot be a unique result of a non-unique parameter.
-- ==
-- error: the result is declared unique, but it may alias the parameter 'xs'

def f (xs: []i32) : *[]i32 = xs[1:]

entry main (xs: []i32) : []i32 = f xs
