-- A `for i < n` loop with a tuple of loop variables.
-- ==
-- input { 4i32 } output { 6i32 16i32 }

entry main (n: i32) : (i32, i32) =
  loop (x, y) = (0, 1) for i < n do (x + i, y * 2)
