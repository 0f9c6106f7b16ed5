-- | Sum of squares: a map fused into a reduction.
--
-- Run it with
--
--     ./prismc c examples/sum_squares.dsl -o sum_squares
--     echo '[1f32, 2f32, 3f32, 4f32]' | ./sum_squares
--
-- which prints 30.0f32.

entry main [n] (xs: [n]f32) : f32 =
  reduce (+) 0 (map (\x -> x * x) xs)
