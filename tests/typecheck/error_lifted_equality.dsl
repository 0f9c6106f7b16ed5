-- A lifted type parameter may stand for a function, so it cannot be compared.
-- ==
-- error: may be a function, and functions do not support equality
def eq '^a (x: a) (y: a) : bool = x == y
entry main (x: i32) : bool = eq x x
