-- `let [n] xs = e` binds the existential size of e, usable both as a value and in types.
-- ==
-- input { [3i32, 1i32, 2i32] } output { 2i64 [1i32, 2i32] [2i64, 2i64] }

entry main (xs: []i32) : (i64, []i32, []i64) =
  let [m] small = filter (< 3) xs
  let sizes: [m]i64 = replicate m m
  in (m, small, sizes)
