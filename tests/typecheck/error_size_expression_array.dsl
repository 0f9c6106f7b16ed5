-- A size in a type may apply a function only to i64 values (not to an array, as
-- length xs would).
-- ==
-- error: 6:34: error: a size in a type must be a constant, the name of an i64 value, a field of a tuple or record \(s\.0\), or a function or operator applied to those

def f (xs: []i32) (ys: []i32) : [length xs]i32 = ys :> [length xs]i32

entry main (x: i32) : i32 = x
