-- Reductions of rows that stay on the host (Note [reductions of rows] in
-- src/lower/interchange.c): a tuple of accumulators of different widths (the columns
-- of one are not those of the other), and an operator that combines element j of one
-- row with another element of the other (not a map of a scalar operator).
-- ==
-- entry: widths
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] [[1i32], [2i32]] }
-- output { [5i32, 7i32, 9i32] [3i32] }
-- input { empty([0][2]i32) empty([0][1]i32) }
-- output { [0i32, 0i32] [0i32] }
-- entry: reversed
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [18i32, 15i32, 12i32] }
-- structure kernels { global 0 group 0 host 2 }

entry widths [n][m][k] (xss: [n][m]i32) (yss: [n][k]i32) : ([m]i32, [k]i32) =
  reduce (\(a1, b1) (a2, b2) -> (map2 (+) a1 a2, map2 (+) b1 b2))
         (replicate m 0, replicate k 0) (zip xss yss)

entry reversed [n][m] (xss: [n][m]i32) : [m]i32 =
  reduce (\a b -> map2 (+) a (b[::-1] :> [m]i32)) (replicate m 0) xss
