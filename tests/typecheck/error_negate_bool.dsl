-- Unary minus is not defined on bool.
-- ==
-- error: cannot negate a value of type bool: it is not numeric

entry main (b: bool) : bool = -b
