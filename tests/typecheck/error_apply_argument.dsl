-- Applying a function to an argument of the wrong type names both types.
-- ==
-- error: error_apply_argument\.dsl:7:32: error: cannot apply 'f' to this argument: expected i32, found bool

def f (x: i32) : i32 = x + 1

entry main (b: bool) : i32 = f b
