-- Input and output blocks can come from files beside the test.
-- ==
-- input @ data/squares.in output @ data/squares.out

entry main (xs: []i64) : []i64 = map (\x -> x * x) xs
