-- A top-level i64 constant names a size.
-- ==
-- input { 4 } output { 4 [0, 0, 0] }
def n = 3i64
def zeros : [n]i32 = replicate n 0
entry main (x: i32) : (i32, [n]i32) = (zeros[0] + x, zeros)
