-- zip of arrays of sizes n and m: the message names both sizes.
-- ==
-- error: cannot apply 'zip' to this argument: .*\(sizes n and m do not match\)

def pairs [n] [m] (xs: [n]i32) (ys: [m]i32) : [](i32, i32) = zip xs ys

entry main (x: i32) : i32 = x
