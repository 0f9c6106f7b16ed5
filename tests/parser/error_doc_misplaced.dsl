-- Doc comments belong before declarations, not inside expressions.
-- ==
-- error: 7:3: error: doc comments \('-- \|'\) may only come before a declaration

def main (x: i32) =
  let y = x
  -- | This is not a declaration.
  in y
