-- Fusion keeps each statement's #[unsafe]: a gather map fused into an #[unsafe]
-- reduce still checks its own index (the error names the producer's line), an
-- #[unsafe] producer fused into a checked consumer skips only its own checks, and a
-- chain that is #[unsafe] as a whole is one redomap with the right sum.
-- ==
-- entry: checked_producer
-- input { [1i32, 2i32, 3i32] [0i64, 2i64, 2i64] } output { 7i32 }
-- input { [1i32, 2i32, 3i32] [0i64, 5i64] }
-- error: fuse_unsafe\.dsl:22:23: error: index \[5\] out of bounds
-- entry: unsafe_producer
-- input { [1i32, 2i32, 3i32] [0i64, 1i64] } output { 5i32 }
-- input { [1i32, 2i32, 3i32] [0i64, 2i64] }
-- error: fuse_unsafe\.dsl:27:31: error: index \[3\] out of bounds
-- entry: all
-- input { [1i32, 2i32, 3i32, 4i32] } output { 20i32 }
-- input { empty([0]i32) } output { 0i32 }
-- structure { redomap 3 map 0 reduce 0 }
entry all [n] (xs: [n]i32) =
  #[unsafe] reduce (+) 0 (map (\i -> xs[n - 1 - i] * 2) (iota n))

entry checked_producer [n] (xs: [n]i32) (is: []i64) =
  let ys = map (\i -> xs[i]) is
  in #[unsafe] reduce (+) 0 ys

entry unsafe_producer [n] (xs: [n]i32) (is: []i64) =
  let ys = #[unsafe] map (\i -> xs[i]) is
  in reduce (+) 0 (map (\y -> xs[i64.i32 y]) ys)
