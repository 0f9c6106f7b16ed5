-- Tuples: construction, projection with .0 .1 .2, nested tuples, tuple patterns in
-- function parameters and lambdas, and tuples returned from functions.
-- ==
-- input { 7i32 true }
-- output { 7i32 true 2.5f64 9i32 false 3i64 -7i32 }
def swap 'a 'b ((a, b): (a, b)) : (b, a) = (b, a)

entry main (a: i32) (b: bool) =
  let t = (a, b, 2.5f64)
  let n = ((1i32, 2i32), (3i64, 4i64))
  let (s0, s1) = swap (b, a + 2)
  let f = \((u, v): (i32, bool)) -> if v then -u else u
  in (t.0, t.1, t.2, s0, !s1, n.1.0, f (a, b))
