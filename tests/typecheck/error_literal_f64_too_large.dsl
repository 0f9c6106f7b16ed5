-- A float literal too large for f64 is an error, here typed by its context.
-- ==
-- error: 5:33: error: the literal 1.8e308 is out of range for type f64

entry main (x: f64) : f64 = x + 1.8e308
