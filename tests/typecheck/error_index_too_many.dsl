-- More indices than the array has dimensions.
-- ==
-- error: 2 indices given for an array of rank 1 \(type \[.*\]i32\)

entry main (xs: []i32) : i32 = xs[0, 1]
