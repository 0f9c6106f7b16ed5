-- The branches of an if join a value used as a record with one used as a number.
-- ==
-- error: the branches of 'if' have different types: .*\(no type is both a record and a numeric type\)

def f p q = (p.x, q + 1, if true then p else q)

entry main (x: i32) : i32 = x
