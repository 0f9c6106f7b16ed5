-- The condition of a while loop must be a bool.
-- ==
-- error: the condition of a while loop: expected bool, found i32

entry main (x: i32) : i32 = loop acc = x while acc do acc + 1
