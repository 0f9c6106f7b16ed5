-- A number computed from an array shares no memory with it: the result of `main`
-- (its type inferred, the scan's array fresh) aliases no parameter, and `s` can be
-- used after xs' copy is consumed.
-- ==
-- input { [1, 2, 3] } output { 6 [1, 3, 6] 6 [9, 2, 3] }

entry main (xs: []i32) =
  let ys = copy xs
  let s = reduce (+) 0 ys
  let ys[0] = 9
  in (reduce (+) 0 xs, scan (+) 0 xs, s, ys)
