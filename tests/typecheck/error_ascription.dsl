-- A type ascription that does not hold.
-- ==
-- error: the value does not have the type it is ascribed: expected i64, found i32

entry main (x: i32) : i32 = (x : i64)
