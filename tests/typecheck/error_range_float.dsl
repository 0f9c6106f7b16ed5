-- A range is made of integers.
-- ==
-- error: 5:23: error: a range is made of integers, but its start has type f64

entry main (x: f64) = x...10
