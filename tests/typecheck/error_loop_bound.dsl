-- The bound of a for loop must be an integer.
-- ==
-- error: the bound of a for loop must be an integer, not 

entry main (x: f32) : f32 = loop acc = x for i < 3.0 do acc + 1
