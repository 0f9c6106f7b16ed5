-- Tuples and records of functions can be built, taken apart and applied.
-- ==
-- input { 4i32 } output { 5i32 8i32 9i32 3i32 }

def both (fs: (i32 -> i32, i32 -> i32)) (x: i32) : (i32, i32) = (fs.0 x, fs.1 x)

entry main (x: i32) : (i32, i32, i32, i32) =
  let (f, g) = ((+1), (*2))
  let ops = {inc = \y -> y + 5, dec = \y -> y - 1}
  let (a, b) = both (f, g) x
  in (a, b, ops.inc x, ops.dec x)
