-- Sizes unify syntactically, as in Futhark: 1+n is not n+1.
-- ==
-- error: sizes 1\+n and n\+1 do not match

def snoc [n] (xs: [n]i32) : [1+n]i32 = xs ++ [1]

entry main (x: i32) : i32 = x
