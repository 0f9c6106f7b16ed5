-- Only a named type can be applied to arguments, not a tuple type.
-- ==
-- error: only a named type can be applied to arguments

def f (x: (i32, i32) f32) : i32 = 0

entry main (x: i32) : i32 = x
