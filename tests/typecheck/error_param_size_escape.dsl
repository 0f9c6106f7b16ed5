-- A parameter without a type cannot get one from the body whose size the body computes
-- (here the size of a filter's result, through zip): no caller could know it.
-- ==
-- error: 6:11: error: the type of this parameter would be \[d[0-9]+\]i32, but a size in it is computed inside 'pairs', where no caller can know it

def pairs xs = let ys = filter (> 0i32) xs in zip xs ys

entry main (xs: []i32) = pairs xs
