-- A while loop over a tuple whose array part is updated in place; a unique entry parameter.
-- ==
-- input { 4i64 [5i32, 6i32] } output { [0i64, 1i64, 2i64, 3i64] 4i64 [9i32, 6i32] }

entry main (n: i64) (ys: *[]i32) : ([]i64, i64, []i32) =
  let (xs, i) = loop (xs, i) = (replicate n 0, 0) while i < n do (xs with [i] = i, i + 1)
  let ys[0] = 9
  in (xs, i, ys)
