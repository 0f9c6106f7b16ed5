-- Tuples: projections .0 .1, nested tuple patterns, and the projection section (.1).
-- ==
-- input { [1i32, 2i32] [true, false] } output { [true, false] 1i32 false 3i32 }

entry main [n] (xs: [n]i32) (bs: [n]bool) : ([]bool, i32, bool, i32) =
  let ps = zip xs bs
  let ((a, b), c) = ((ps[0].0, ps[1].1), (xs[0], xs[1]))
  in (map (.1) ps, a, b, c.0 + c.1)
