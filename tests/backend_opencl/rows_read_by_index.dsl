-- A map whose rows are made by a map that reads another row of the element at other
-- places than its own (here the concat ys at i and i + n) is not of the rows form
-- (Note [rows of known length] in src/lower/forms.c): that kernel makes no row whole,
-- so it runs on the host. It used to be planned as the rows form, whose kernel then
-- had no view of ys (an internal error).
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[2i32, 4i32], [6i32, 8i32]] }
-- input { empty([0][2]i32) }
-- output { empty([0][2]i32) }
entry main [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\xs -> let ys = concat xs xs in map (\i -> ys[i] + ys[i + n]) (iota n)) xss
