-- The C API test tests/capi/large.c: arrays of a million elements, and entry points
-- called many times in a loop.

entry scale (xs: []f32) (k: f32) : []f32 = map (* k) xs

entry sum (xs: []i64) : i64 = reduce (+) 0 xs

entry indices (n: i64) : []i64 = iota n

entry column_sums [n][m] (a: [n][m]f64) : [m]f64 = reduce (map2 (+)) (replicate m 0) a

entry increment (xs: *[]i32) : *[]i32 = map (+ 1) xs

entry checked_sum (xs: []i32) (limit: i32) : i32 =
  let s = reduce (+) 0 xs
  in assert (s <= limit) s
