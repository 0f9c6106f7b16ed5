-- Projecting .2 of a pair.
-- ==
-- error: a value of type \(i32, i32\) has no field '2'

entry main (x: i32) : i32 = (x, x).2
