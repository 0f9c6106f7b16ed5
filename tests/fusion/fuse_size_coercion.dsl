-- Fusion across a size coercion: a map of width n whose result is coerced to [m] and
-- then mapped (or reduced) is one SOAC; the coercion's check stays and still fails,
-- at the coercion, when n differs from m.
-- ==
-- input { 3i64 [1i32, 2i32, 3i32] } output { [4i32, 6i32, 8i32] }
-- input { 2i64 [1i32, 2i32, 3i32] }
-- error: fuse_size_coercion\.dsl:15:25: error: .*size does not match.*\[m\]i32
-- entry: summed
-- input { 2i64 [5f32, -1f32] } output { 26f32 }
-- input { 3i64 [5f32, -1f32] }
-- error: fuse_size_coercion\.dsl:19:20: error: .*size does not match
-- structure { map 1 redomap 1 }
entry main [n] (m: i64) (xs: [n]i32) : [m]i32 =
  let ys = map (\x -> x + 1) xs
  in map (\y -> y * 2) (ys :> [m]i32)

entry summed [n] (m: i64) (xs: [n]f32) =
  let ys = map (\x -> x * x) xs
  in reduce (+) 0 (ys :> [m]f32)
