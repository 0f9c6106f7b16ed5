-- Reductions, scans and histograms over arrays of f16 (kernels on OpenCL). The
-- values are small integers, whose sums are exact in f16 in any order, so that both
-- backends agree; the sum of 0..999 is past 65504 and is inf in any order.
-- ==
-- entry: sums
-- input { 60i64 } output { 1770f16 59f16 0f16 [0f16, 1f16, 3f16, 6f16, 10f16] 435f16 }
-- input { 1000i64 } output { f16.inf 999f16 0f16 [0f16, 1f16, 3f16, 6f16, 10f16] 435f16 }
-- entry: histogram
-- input { [0i64, 1i64, 2i64, 1i64, 0i64, 7i64, 1i64] [0.5f16, 1.5f16, 2f16, 2.5f16, 3f16, 9f16, -0.25f16] }
-- output { [3.5f16, 3.75f16, 2f16] [3f16, 2.5f16, 2f16] }

entry sums (n: i64) : (f16, f16, f16, []f16, f16) =
  let xs = map f16.i64 (iota n)
  let prefix = scan (+) 0 xs
  in (f16.sum xs, f16.maximum xs, f16.minimum xs, prefix[:5],
      reduce (+) 0 (map (\x -> x * 2 - f16.min x 29) (take 30 xs)))

entry histogram (is: []i64) (vs: []f16) : ([3]f16, [3]f16) =
  (reduce_by_index (replicate 3 0) (+) 0 is vs,
   hist f16.max (-f16.inf) 3 is vs)
