-- As in Futhark, a..b is not a range: the inclusive range is a...b.
-- ==
-- error: 5:34: error: '\.\.' alone does not make a range: write a\.\.\.b

entry main (n: i64) = map (+1) (1..n)
