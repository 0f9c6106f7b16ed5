-- Vertical fusion into scatter through unzip and zip: one map makes (index, value)
-- pairs that are unzipped for the scatter; another makes (index, re, im) triples
-- scattered into two zipped destinations at once (an array of pairs is two arrays):
-- each is one scatter and no map.
-- ==
-- input { [3i64, 2i64, 4i64, 1i64] } output { [0f32, 3.5f32, 0f32, 4.5f32, 0f32, 5.5f32] }
-- entry: complex
-- input { [1f32, 2f32, 3f32, 4f32] }
-- output { [4f32, 3f32, 2f32, 1f32] [-4f32, -3f32, -2f32, -1f32] }
-- structure { scatter 2 map 0 }
entry main (xs: []i64) =
  let (is, vs) = unzip (map (\x -> (2 * x - 3, f32.i64 x + 1.5)) xs)
  in scatter (replicate 6 0f32) is vs

entry complex [n] (re: [n]f32) =
  let (is, vr, vi) = unzip3 (map2 (\i x -> (n - 1 - i, x, -x)) (iota n) re)
  in unzip (scatter (zip (replicate n 0f32) (replicate n 0f32)) is (zip vr vi))
