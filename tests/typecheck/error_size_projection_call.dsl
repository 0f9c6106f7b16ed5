-- A projection is a size only from a variable or a constant definition, not from the
-- result of a call.
-- ==
-- error: error_size_projection_call\.dsl:8:33: error: a size in a type must be a constant, the name of an i64 value, a field of a tuple or record \(s\.0\)

def dims (n: i64) : (i64, i64) = (n, n + 1)

def row (n: i64) (xs: []i32) : [(dims n).1]i32 = xs :> [(dims n).1]i32

entry main (n: i64) = n
