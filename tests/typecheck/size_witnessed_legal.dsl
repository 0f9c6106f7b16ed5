-- Near misses of the rules on sizes a value must determine: an existential size of
-- a returned array, an anonymous size of a type^ beside a function, and a size
-- parameter used only in a function type but fixed by the call.
-- ==
-- input { [1i32, -2i32, 3i32] } output { 2i64 3i64 4i64 }

type^ row_and_test = ([]i32, i32 -> bool)

def positives (xs: []i32) : ?[k].[k]i32 = filter (> 0) xs

def apply_len [n] (g: [n]i64 -> i64) : i64 = n + g (replicate n 1)

entry main (xs: []i32) : (i64, i64, i64) =
  let r : row_and_test = (xs, \x -> x > 0)
  in (length (positives xs), length r.0, apply_len (\(ys: [2]i64) -> ys[0] + 1))
