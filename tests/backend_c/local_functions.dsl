-- Local functions defined with let: with several parameters, with a size parameter,
-- polymorphic with a type parameter, calling each other, and shadowing a top-level
-- definition.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { 14i32 [2i32, 3i32, 4i32] 6i32 3i64 7i32 }
def double (x: i32) : i32 = x * 2

entry main (xs: []i32) =
  let sq (x: i32) = x * x
  let sumsq [n] (ys: [n]i32) : i32 = reduce (+) 0 (map sq ys)
  let twice 'a (f: a -> a) (v: a) : a = f (f v)
  let add (a: i32) (b: i32) = a + b
  let double (x: i32) : i32 = x + 1
  in (sumsq xs, map double xs, twice (add 3) 0, twice (\(i: i64) -> i) 3, double 6)
