-- Iota fusion: an input of a SOAC that is `iota n`, n the SOAC's width, is never made;
-- the lambda reads the element's index instead (printed `at i` after its parameters).
-- A map over the indices into a scatter, a reduce of an iota (a redomap over the index
-- alone), a map2 of an array and an iota, an iota converted to i32 by the lambda, a
-- filter of indices and a scan of them: no iota is left in any of them. (Their sizes
-- are lengths of arrays, so not negative: an iota of a size that may be negative stays
-- for its check, fuse_never_iota.dsl.)
-- ==
-- input { [1f32, 2f32, 3f32, 4f32, 5f32] }
-- output { [3f32, 7f32, 11f32, 5f32, 9f32] }
-- input { empty([0]f32) } output { empty([0]f32) }
-- entry: triangle
-- input { [1u8, 1u8, 1u8, 1u8, 1u8] } output { 10i64 }
-- input { empty([0]u8) } output { 0i64 }
-- entry: weighted
-- input { [1i32, 2i32, 3i32] } output { [0i32, 2i32, 6i32] }
-- entry: evens
-- input { [true, true, true, true, true, true, true] } output { [0i64, 2i64, 4i64, 6i64] }
-- entry: prefix
-- input { [0f64, 0f64, 0f64, 0f64] } output { [0i64, 1i64, 3i64, 6i64] }
-- structure { iota 0 map 1 redomap 1 scanomap 1 scatter 1 filter 1 }
entry main [n] (xs: [n]f32) : [n]f32 =
  let is = map (\i -> (3 * i) % n) (iota n)
  let vs = map (\x -> x * 2 + 1) xs
  in scatter (replicate n 0) is vs

entry triangle (xs: []u8) : i64 =
  reduce (+) 0 (iota (length xs))

entry weighted [n] (xs: [n]i32) : [n]i32 =
  map2 (\x i -> x * i32.i64 i) xs (iota n)

entry evens (xs: []bool) : []i64 =
  filter (\i -> i % 2 == 0) (iota (length xs))

entry prefix [n] (_: [n]f64) : [n]i64 =
  scan (+) 0 (iota n)
