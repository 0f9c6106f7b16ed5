-- `f` applies a named function infix, at a lower precedence than every other
-- binary operator; sections work with it too.
-- ==
-- input { 1i32 } output { 7i32 3i32 2i32 }

def add (a: i32) (b: i32) : i32 = a + b

entry main (x: i32) : (i32, i32, i32) =
  (x `add` 2 * 3, x `add` 1 + 1, (`add` 1) x)
