-- Vertical fusion, maps into hist: the maps making the bucket indices and the values
-- are computed inside the hist's lambda, which writes each value to its bucket
-- directly; buckets out of range (here the negative ones) are ignored, as in Futhark.
-- ==
-- input { 4i64 [0i64, 5i64, -3i64, 7i64, 2i64, 4i64, 9i64] }
-- output { [16i64, 90i64, 20i64, 70i64] }
-- input { 3i64 empty([0]i64) } output { [0i64, 0i64, 0i64] }
-- input { 0i64 [1i64, 2i64] } output { empty([0]i64) }
-- structure { hist 1 map 0 }
entry main (k: i64) (xs: []i64) =
  hist (+) 0 k (map (\x -> if x < 0 then x else x % (i64.max k 1)) xs) (map (\x -> x * 10) xs)
