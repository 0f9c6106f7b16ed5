-- A let-bound i64 that leaves scope is replaced in the body's type by the expression it
-- was bound to, where that expression can be a size (as in Futhark): `let m = n + 1 in
-- iota m` has type [n+1]i64, not an existential size. This reaches nested lets, lets
-- inside lambdas and local functions, applications in sizes and the callers of a
-- definition whose result type is inferred.
-- ==
-- entry: succ
-- input { 2i64 } output { [0i64, 1i64, 2i64] }
-- entry: nested
-- input { 1i64 } output { [0i64, 1i64, 2i64, 3i64] 6i64 }
-- entry: applied
-- input { 0i64 [5i32] } output { [6i32] }
-- input { 2i64 [5i32, 6i32] } output { [6i32, 7i32] }
-- entry: inferred
-- input { 2i64 } output { [0i64, 2i64, 4i64] }
-- entry: lambda
-- input { 3i64 } output { [0i64, 2i64, 4i64, 6i64] }

entry succ (n: i64) : [n + 1]i64 =
  let m = n + 1
  in iota m

entry nested (n: i64) : ([(n + 1) * 2]i64, i64) =
  let m = n + 1
  let (k: i64) = m * 2
  let xs = iota k
  in (xs, i64.sum xs)

entry applied (n: i64) (xs: [i64.max n 1]i32) : [i64.max n 1]i32 =
  let ys = let m = i64.max n 1 in replicate m 1i32
  in map2 (+) xs ys

-- No declared return type: the result's type is [n+1]i64, which callers see.
def upto (n: i64) = let m = n + 1 in iota m

entry inferred (n: i64) : [n + 1]i64 = map2 (+) (upto n) (iota (n + 1))

entry lambda (n: i64) : [n + 1]i64 =
  let f = \(k: i64) -> let m = k + 1 in iota m
  in map2 (+) (f n) (iota (n + 1))
