-- The anonymous size of a parameter cannot become a size computed in the body (it would
-- escape its scope): zip needs the two sizes equal.
-- ==
-- error: 7:35: error: cannot apply .zip. to this argument: .*anonymous size \[\] of a parameter cannot be d[0-9]+, which is bound inside the definition

def pairs (xs: []i32) = let ys = filter (> 0) xs
                        in zip xs ys

entry main (xs: []i32) = pairs xs
