-- Local functions may have size and type parameters (`let f [n] 'a`, with a
-- space before the bracket) and a return type.
-- ==
-- input { 4i64 } output { 12i64 5i64 }

entry main (k: i64) : (i64, i64) =
  let sum [n] 'a (f: a -> i64) (xs: [n]a) : i64 = reduce (+) 0 (map f xs)
  let twice (x: i64) = x * 2
  let plus x y = x + y
  in (sum twice (iota k), plus k 1)
