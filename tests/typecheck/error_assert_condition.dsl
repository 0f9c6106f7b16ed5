-- The condition of an assert must be a bool.
-- ==
-- error: the condition of 'assert': expected bool, found i32

entry main (x: i32) : i32 = assert x x
