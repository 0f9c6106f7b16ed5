-- The initial value of a loop must have the type of the loop parameters.
-- ==
-- error: the initial value does not match the loop parameters: expected i32, found bool

entry main (x: i32) : i32 = loop (acc: i32) = true for i < 3 do acc + 1
