-- A let at the end of the file without `in`.
-- ==
-- error: unexpected end of file; missing 'in'\?

def f (x: i32) =
  let y = x + 1
  let z = y * 2
