-- The new value of an in-place update must have the element type.
-- ==
-- error: the new value does not fit the update: expected i32, found bool

entry main (n: i64) : []i32 = replicate n 0i32 with [0] = true
