-- A unique result that aliases a non-unique parameter in one branch only.
-- ==
-- error: the result is declared unique, but it may alias the parameter 'xs'

def f (c: bool) (xs: []i32) : *[]i32 = if c then xs else copy xs

entry main (xs: []i32) : []i32 = f true xs
