-- An if cannot return a value of a lifted type parameter: it may be a function.
-- ==
-- error: an 'if' cannot return a function
def pick '^a (b: bool) (f: a) (g: a) : a = if b then f else g
entry main (b: bool) : i32 = pick b 1 2
