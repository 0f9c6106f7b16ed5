-- A variable used both as a record and as a number.
-- ==
-- error: no type is both a numeric type and a record

def f p = (p.x, p + 1)

entry main (x: i32) : i32 = x
