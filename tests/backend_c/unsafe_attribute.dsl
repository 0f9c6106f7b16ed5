-- #[unsafe] on an expression removes its bounds checks but not its meaning: in-bounds
-- indexing under it gives the same results.
-- ==
-- input { [10i32, 20i32, 30i32] [2i64, 0i64, 1i64] }
-- output { [30i32, 10i32, 20i32] 60i32 }
entry main [n] (xs: [n]i32) (is: [n]i64) =
  (#[unsafe] map (\i -> xs[i]) is, #[unsafe] (xs[0] + xs[1] + xs[2]))
