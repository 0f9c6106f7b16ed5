-- A generalised definition using == cannot be applied to functions.
-- ==
-- error: cannot apply 'same' to this argument: expected .*, found i32 -> i32

def same a b = a == b

def f (x: i32) : i32 = x

entry main (x: i32) : bool = same f f
