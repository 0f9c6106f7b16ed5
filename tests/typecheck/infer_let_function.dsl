-- Local functions without annotations: their types are inferred from their bodies and uses.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [2i64, 5i64, 10i64] 17i64 }

entry main (xs: []i64) : ([]i64, i64) =
  let square x = x * x
  let inc y = y + 1
  let ys = map (\x -> inc (square x)) xs
  in (ys, i64.sum ys)
