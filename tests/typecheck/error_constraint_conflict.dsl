-- A variable used both with << (integral) and with a float literal.
-- ==
-- error: no type is both an integral type and a floating-point type

def f x y = (x << y, x / 2.0)

entry main (x: i32) : i32 = x
