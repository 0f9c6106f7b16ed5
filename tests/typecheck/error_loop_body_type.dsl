-- The body of a loop must return the type of the loop parameters.
-- ==
-- error: the loop body's result does not match the loop parameters: expected i32, found bool

entry main (x: i32) : i32 = loop acc = x for i < 3 do acc > 0
