-- A lambda's body must have its declared return type.
-- ==
-- error: the lambda's body does not have its declared return type: expected bool, found i32

entry main (xs: []i32) : []i32 = map (\x : bool -> x + 1) xs
