-- A named i64 parameter gives the result its size: (n: i64) -> [n]i64, so zip with iota n checks.
-- ==
-- input { 3i64 } output { [0i64, 2i64, 4i64] [0i64, 1i64, 2i64] }

def evens (n: i64) : [n]i64 = map (*2) (iota n)

entry main (n: i64) : ([n]i64, [n]i64) =
  let e = evens n
  let pairs = zip e (iota n)
  in (map (.0) pairs, map (.1) pairs)
