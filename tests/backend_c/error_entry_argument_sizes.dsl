-- Arguments whose sizes contradict the entry point's type (two arrays that must share
-- a size n, a constant size) are rejected with status 1 before the body runs, naming
-- the entry point, the argument and its shape.
-- ==
-- entry: pair
-- input { [1i32, 2i32] [3i32, 4i32] } output { [4i32, 6i32] }
-- input { [1i32] [2i32, 3i32] }
-- error: pair: argument 2 \("ys"\) has shape \[2\]
-- entry: three
-- input { [1i32, 2i32, 3i32] } output { 6i32 }
-- input { [1i32, 2i32] }
-- error: three: argument 1 \("xs"\) has shape \[2\]
-- entry: rows
-- input { [[1i32, 2i32, 3i32]] } output { 1i64 }
-- input { [[1i32, 2i32]] }
-- error: rows: argument 1 \("m"\) has shape \[1\]\[2\]
entry pair [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (+) xs ys
entry three (xs: [3]i32) : i32 = xs[0] + xs[1] + xs[2]
entry rows (m: [][3]i32) : i64 = length m
