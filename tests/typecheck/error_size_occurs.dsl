-- An array cannot be zipped with itself extended: size ?n cannot equal ?n+1.
-- ==
-- error: size .* cannot equal .*\+1

def f xs = zip xs (xs ++ [1i32])

entry main (x: i32) : i32 = x
