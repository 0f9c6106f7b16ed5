-- A size in a type must be an i64, not an i32.
-- ==
-- error: a size must be an i64: expected i64, found i32

def f (k: i32) (xs: [k]f32) : f32 = xs[0]

entry main (x: i32) : i32 = x
