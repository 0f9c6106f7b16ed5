-- '_' as a function's argument is not a value either; as a pattern it is fine.
-- ==
-- error: 5:29: error: '_' is not a value
def first (a: i32) (_: i32) = let _ = a in a
entry main (x: i32) = first _ x
