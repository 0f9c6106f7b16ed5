-- Run-time checks of a producer still happen after it is fused into its consumer: a
-- division by zero in a map fused into a hist, a failed assert in a map fused into a
-- filter, and an index out of bounds in a map fused into a scatter of flattened rows,
-- each reported at the producer's source location; with valid inputs the results are
-- those of the unfused program.
-- ==
-- entry: divide
-- input { [4i64, 6i64, 9i64] [2i64, 3i64, 3i64] } output { [0i64, 0i64, 26i64, 27i64] }
-- input { [4i64, 6i64] [2i64, 0i64] }
-- error: fuse_errors\.dsl:21:31: error: division by zero
-- entry: asserted
-- input { [1i32, 5i32, 7i32] } output { [10i32, 14i32] }
-- input { [1i32, -5i32, 7i32] }
-- error: fuse_errors\.dsl:24:44: error: assertion failed
-- entry: gathered
-- input { [10f32, 20f32, 30f32] [2i64, 0i64] } output { [30f32, 31f32, 10f32, 11f32] }
-- input { [10f32, 20f32, 30f32] [2i64, 3i64] }
-- error: fuse_errors\.dsl:27:33: error: index \[3\] out of bounds
-- structure { hist 1 filter 1 scatter 1 map 0 }
entry divide [n] (xs: [n]i64) (ds: [n]i64) =
  hist (+) 0 4 (map2 (\x d -> x / d) xs ds) (map2 (*) xs ds)

entry asserted (xs: []i32) =
  filter (\y -> y > 5) (map (\x -> assert (x > 0) (x * 2)) xs)

entry gathered [n][k] (xs: [n]f32) (is: [k]i64) =
  let rows = map (\j -> let v = xs[is[j]] in ([2 * j, 2 * j + 1], [v, v + 1])) (iota k)
  let (ix, vs) = unzip rows
  in scatter (replicate (2 * k) 0) (flatten ix) (flatten vs)
