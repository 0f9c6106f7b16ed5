-- A size expression is compared as written: 2**3 is not 8, and a :> coercion (checked
-- at run time) is needed to pass an array of size 8 for it.
-- ==
-- error: cannot apply 'sum_pow' to this argument: expected \[2\*\*3\]i32, found \[8\]i32 \(sizes 2\*\*3 and 8 do not match\)

def sum_pow (k: i64) (xs: [2**k]i32) : i32 = i32.sum xs

entry main (xs: [8]i32) : i32 = sum_pow 3 xs
