-- The prelude's array functions beyond the built-ins: rep (size from the context),
-- indices, null, manifest, opaque, map1/zip2/unzip2, the 3-d and 4-d flatten and
-- unflatten, spread, scatter_3d, reduce_by_index_2d/_3d, hist_2d/_3d, partition2 and
-- the stream functions (one chunk), each as in Futhark.
-- ==
-- entry: arrays
-- input { [1i32, 5i32, -3i32, 2i32, 0i32] }
-- output { [7i32, 7i32, 7i32] [0i64, 1i64, 2i64, 3i64, 4i64] false
--          [1i32, 5i32, -3i32, 2i32, 0i32] [2i32, 6i32, -2i32, 3i32, 1i32]
--          [1i32, 5i32, -3i32, 2i32, 0i32] [2i32, 6i32, -2i32, 3i32, 1i32]
--          [2i32, 6i32, -2i32, 3i32, 1i32] 5i32 [6i32, 10i32, 2i32, 7i32, 5i32] }
-- input { empty([0]i32) }
-- output { [7i32, 7i32, 7i32] empty([0]i64) true empty([0]i32) empty([0]i32)
--          empty([0]i32) empty([0]i32) empty([0]i32) 0i32 empty([0]i32) }
-- entry: shapes
-- input { [[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]]] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32]
--          [[[0i32, 1i32], [2i32, 3i32]], [[4i32, 5i32], [6i32, 7i32]]]
--          [[[[0i32, 1i32], [2i32, 3i32]]], [[[4i32, 5i32], [6i32, 7i32]]]]
--          [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] }
-- entry: scatters
-- input { [0i64, 3i64, 9i64, -1i64] [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 0i32, 0i32, 2i32, 0i32]
--          [[[0i32, 0i32], [0i32, 5i32]], [[6i32, 0i32], [0i32, 0i32]]]
--          [[1i32, 0i32, 0i32], [0i32, 0i32, 5i32]]
--          [[[10i32, 30i32], [20i32, 10i32]]]
--          [[[0i32, 3i32]], [[0i32, 0i32]]]
--          [[3i32, 6i32], [9i32, 12i32]] }
-- entry: partition3
-- input { [1i32, 5i32, -3i32, 2i32, 0i32, 7i32, -8i32] }
-- output { [5i32, 7i32] [-3i32, -8i32] [1i32, 2i32, 0i32] }

entry arrays [n] (xs: [n]i32) =
  let three : [3]i32 = rep 7
  let plus : [n]i32 = map2 (+) xs (rep 1)
  in (three, indices xs, null xs, manifest (opaque xs), plus,
      map1 id xs, map1 (+1) xs,
      (unzip2 (zip2 xs plus)).1,
      reduce_stream (+) (\_ c -> i32.sum c) xs,
      map_stream_per (\_ c -> map (+5) c) xs)

entry shapes (a: [2][2][2]i32) =
  let i = map i32.i64 (iota 8)
  in (flatten_3d a, unflatten_3d (i :> [2 * 2 * 2]i32),
      unflatten_4d (i :> [2 * 1 * 2 * 2]i32),
      flatten_4d (unflatten_4d (flatten_3d a :> [1 * 2 * 2 * 2]i32)))

entry scatters [n] (is: [n]i64) (vs: [n]i32) =
  (spread 5 0 is vs,
   scatter_3d (replicate 2 (replicate 2 (replicate 2 0)))
              [(0, 1, 1), (1, 0, 0), (2, 0, 0), (0, -1, 0)] [5, 6, 7, 8],
   hist_2d (+) 0 2 3 [(0, 0), (1, 2), (1, 2), (5, 0), (0, 3)] [1, 2, 3, 4, 5],
   reduce_by_index_3d (replicate 1 (replicate 2 (replicate 2 10))) i32.max i32.lowest
                      [(0, 1, 0), (0, 1, 0), (0, 0, 1)] [3, 20, 30],
   hist_3d (+) 0 2 1 2 [(0, 0, 1), (0, 0, 1), (0, 1, 0)] [1, 2, 4],
   reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0
                      [(0, 0), (0, 1), (1, 0), (1, 1), (-1, 0)]
                      (map (*3) [1, 2, 3, 4, 100]))

entry partition3 (xs: []i32) = partition2 (> 2) (< 0) xs
