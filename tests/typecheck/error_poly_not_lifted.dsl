-- A type parameter 'a (not '^a) cannot be instantiated with a function type.
-- ==
-- error: cannot apply 'ident' to this function: .*is a function type

def ident 'a (x: a) : a = x

entry main (x: i32) : i32 = (ident (\(y: i32) -> y + 1)) x
