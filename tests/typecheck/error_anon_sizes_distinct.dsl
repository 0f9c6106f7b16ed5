-- Anonymous sizes inferred equal in one definition are one size parameter: a caller must
-- pass arrays of one size.
-- ==
-- error: cannot apply 'add' to this argument: .*do not match

def add (a: []i32) (b: []i32) = map2 (+) a b

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) = add xs ys
