-- Vertical fusion, maps into hist: the maps making the bucket indices and the values
-- are computed inside the hist's lambda, which writes each value to its bucket
-- directly; buckets out of range (here the negative ones) are ignored, as in Futhark.
-- `pairs`: a map making pairs of values, combined into two zipped destinations.
-- ==
-- input { 4i64 [0i64, 5i64, -3i64, 7i64, 2i64, 4i64, 9i64] }
-- output { [40i64, 140i64, 20i64, 70i64] }
-- input { 3i64 empty([0]i64) } output { [0i64, 0i64, 0i64] }
-- input { 0i64 [1i64, 2i64] } output { empty([0]i64) }
-- entry: pairs
-- input { 2i64 [1f32, 2f32, 3f32, 4.5f32] } output { [6.5f32, 4f32] [24.25f32, 10f32] }
-- structure { hist 2 map 0 }
entry main (k: i64) (xs: []i64) =
  hist (+) 0 k (map (\x -> if x < 0 then x else x % (i64.max k 1)) xs) (map (\x -> x * 10) xs)

entry pairs [n] (k: i64) (xs: [n]f32) =
  unzip (reduce_by_index (zip (replicate k 0) (replicate k 0))
                         (\(a, b) (c, d) -> (a + c, b + d)) (0, 0)
                         (map (\x -> i64.f32 x % k) xs) (map (\x -> (x, x * x)) xs))
