-- Multiplying booleans: bool is not numeric.
-- ==
-- error: the left operand of '\*' has type bool, .*\(bool is not a numeric type\)

entry main (b: bool) : bool = b * b
