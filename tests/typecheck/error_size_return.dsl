-- A body whose size differs from the declared return size: both sizes are named.
-- ==
-- error: the body does not have the declared return type: expected \[n\]i32, found \*?\[n\+n\]i32 \(sizes n and n\+n do not match\)

def double [n] (xs: [n]i32) : [n]i32 = xs ++ xs

entry main (x: i32) : i32 = x
