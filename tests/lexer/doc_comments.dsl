-- Doc comments: the first one at the top documents the file, the next one the
-- first declaration; consecutive `--` lines continue a doc comment.
-- ==
-- input { 2i32 } output { 4i32 }

-- | The file's documentation.

-- | Doubles its argument.
--
--   An indented continuation line.
def double (x: i32) : i32 = x * 2

-- | The entry point.
entry main (x: i32) : i32 = double x
