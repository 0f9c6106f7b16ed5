-- A coercion cannot change the rank of an array.
-- ==
-- error: the value cannot be coerced to this type: .*\(arrays of rank 1 and higher\)

entry main (xs: []i32) : [][]i32 = xs :> [2][2]i32
