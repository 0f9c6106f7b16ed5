-- Tuples: construction (a trailing comma is allowed), patterns, projection
-- with .0 and .1, and the empty tuple.
-- ==
-- input { 1i32 } output { 2i32 1i32 true }

def swap (a: i32, b: i32) : (i32, i32) = (b, a)

entry main (x: i32) : (i32, i32, bool) =
  let (a, b) = swap (x, 2)
  let t = (a, (b, true),)
  let () = ()
  in (t.0, t.1.0, t.1.1)
