-- A let at the end of a body without `in`.
-- ==
-- error: 6:1: error: unexpected 'def'; missing 'in'\?

def f (x: i32) = let y = x + 1
def main (x: i32) = f x
