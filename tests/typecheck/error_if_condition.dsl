-- The condition of an if must be a bool.
-- ==
-- error: the condition of 'if': expected bool, found i32

entry main (x: i32) : i32 = if x then 1 else 2
