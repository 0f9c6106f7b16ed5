-- && takes booleans, not integers.
-- ==
-- error: the left operand of '&&' has type i32, but bool is expected

entry main (x: i32) : bool = x && true
