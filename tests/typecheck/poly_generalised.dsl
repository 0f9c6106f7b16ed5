-- Unannotated top-level definitions are generalised (as in Futhark) and used at several types.
-- ==
-- input { 3i32 } output { 5i32 4.0f64 true 3i32 [false, true] }

def twice f x = f (f x)
def swap (a, b) = (b, a)
def pick c a b = if c then a else b

entry main (x: i32) : (i32, f64, (bool, i32), [2]bool) =
  (twice (\y -> y + 1) x, twice (\y -> y * 2.0) 1.0, swap (x, true),
   [pick false true false, pick true true false])
