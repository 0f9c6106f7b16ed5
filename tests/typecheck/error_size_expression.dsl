-- A size expression unifies syntactically, as in Futhark: i64.max n 1 is not n.
-- ==
-- error: expected \[i64.max n 1\]i32, found \[n\]i32 \(sizes i64.max n 1 and n do not match\)

def f [n] (xs: [n]i32) : [i64.max n 1]i32 = xs

entry main (x: i32) : i32 = x
