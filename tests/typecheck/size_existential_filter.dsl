-- filter's result has an existential size: `let [k] ys = filter ...` names it, k is an i64.
-- ==
-- input { [1i32, -2i32, 3i32, -4i32, 5i32] } output { [1i32, 3i32, 5i32] 3i64 [0i64, 1i64, 2i64] }

entry main (xs: []i32) : ([]i32, i64, []i64) =
  let [k] (ys: [k]i32) = filter (> 0) xs
  let idx: [k]i64 = iota k
  let _ = zip ys idx
  in (ys, k, idx)
