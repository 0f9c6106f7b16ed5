-- A let at the end of a body without `in`, before a type declaration.
-- ==
-- error: unexpected 'type'; missing 'in'\?

def f (x: i32) = let y = x + 1
type t = i32
