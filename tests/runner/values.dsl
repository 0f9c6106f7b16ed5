-- The runner's value handling: multi-line blocks, unsuffixed expected values that take
-- the program's types, empty arrays, several values, float tolerance, several entries.
-- ==
-- input {
--   [1f32, 2f32,
--    3f32]     -- a comment inside a block
-- }
-- output { 14 }
-- input { empty([0]f32) } output { 0.0 }
-- compiled input { [0.1f32, 0.2f32] } output { 0.05 }
-- entry: add_one add_one_again
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }
-- entry: swap
-- input { 1i64 true } output { true 1i64 }

entry main (xs: []f32) : f32 = reduce (+) 0 (map (\x -> x * x) xs)

entry add_one [n][m] (xss: [n][m]i32) : [n][m]i32 = map (map (+ 1)) xss

entry add_one_again [n][m] (xss: [n][m]i32) : [n][m]i32 = map (\xs -> map (\x -> x + 1) xs) xss

entry swap (a: i64) (b: bool) : (bool, i64) = (b, a)
