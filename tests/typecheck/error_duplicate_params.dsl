-- No two parameters of a function or lambda may have the same name.
-- ==
-- error: 'a' is bound twice in the parameters
entry main (xs: []i32) : []i32 = map2 (\a a -> a) xs xs
