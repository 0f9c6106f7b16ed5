-- Empty arrays as inputs and outputs: map, reduce, scan, filter, zip, reverse and
-- concat of empty arrays, and an empty result computed from a non-empty input.
-- ==
-- input { empty([0]f32) empty([0]i64) }
-- output { empty([0]f32) 0f32 empty([0]f32) empty([0]f32) empty([0]f32) empty([0]i64)
--          empty([0]f32) empty([0]i64) 0i64 }
entry main [n] (xs: [n]f32) (is: [n]i64) =
  (map (*2) xs, reduce (+) 0 xs, scan (+) 0 xs, filter (> 0) xs,
   map (.0) (zip xs is), reverse is, xs ++ xs, filter (> 100) (iota 5), length xs)
