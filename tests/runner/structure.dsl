-- A map feeding a reduce fuses into one redomap (skipped while fusion is not built).
-- ==
-- input { [1f32, 2f32] } output { 5f32 }
-- structure { redomap 1 map 0 reduce 0 }

entry main (xs: []f32) : f32 = reduce (+) 0 (map (\x -> x * x) xs)
