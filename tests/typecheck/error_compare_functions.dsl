-- Functions cannot be compared with ==.
-- ==
-- error: the left operand of '==' has type i32 -> i32, .*function

def f (x: i32) : i32 = x

entry main (x: i32) : bool = f == f
