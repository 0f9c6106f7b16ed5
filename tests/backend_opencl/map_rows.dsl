-- Maps whose elements are rows of lengths known before the kernel, on OpenCL (the rows
-- form, Note [rows of known length] in src/lower/forms.c): concat of rows of the input,
-- of a free array and of a private array, replicate, iota, copy, inner maps (of rows
-- and of other rows), a row of the input passed through with a scalar result beside it; empty widths ([0][m]) and empty rows
-- ([n][0]). One kernel per map (the maps of an entry fuse into one).
-- ==
-- entry: concats
-- input { empty([0][2]i32) [7i32] }
-- output { empty([0][4]i32) empty([0][3]i32) empty([0][4]i32) }
-- input { empty([2][0]i32) [7i32] }
-- output { empty([2][0]i32) [[7i32], [7i32]] [[0i32, 7i32], [1i32, 7i32]] }
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] [7i32, 8i32] }
-- output { [[1i32, 2i32, 1i32, 2i32], [3i32, 4i32, 3i32, 4i32], [5i32, 6i32, 5i32, 6i32]]
--          [[1i32, 2i32, 7i32, 8i32], [3i32, 4i32, 7i32, 8i32], [5i32, 6i32, 7i32, 8i32]]
--          [[0i32, 7i32, 8i32, 1i32, 2i32], [1i32, 7i32, 8i32, 3i32, 4i32],
--           [2i32, 7i32, 8i32, 5i32, 6i32]] }
-- entry: computed
-- input { 0i64 3i64 [1i64] }
-- output { empty([0][3]i64) empty([0][3]i64) empty([0][2]i64) }
-- input { 3i64 0i64 empty([0]i64) }
-- output { empty([3][0]i64) empty([3][0]i64) empty([3][0]i64) }
-- input { 3i64 2i64 [5i64] }
-- output { [[0i64, 0i64], [2i64, 2i64], [4i64, 4i64]] [[0i64, 1i64], [0i64, 1i64], [0i64, 1i64]]
--          [[5i64, 5i64], [5i64, 5i64], [5i64, 5i64]] }
-- entry: passed
-- input { empty([0][2]f32) }
-- output { empty([0][2]f32) empty([0][2]f32) empty([0]f32) }
-- input { [[1f32, 2f32], [3f32, 4f32]] }
-- output { [[1f32, 2f32], [3f32, 4f32]] [[1f32, 2f32], [3f32, 4f32]] [3f32, 7f32] }
-- entry: mapped
-- input { empty([0][2]i32) }
-- output { empty([0][4]i32) empty([0][5]i32) }
-- input { empty([2][0]i32) }
-- output { empty([2][0]i32) [[0i32], [1i32]] }
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[2i32, 4i32, 1i32, 2i32], [6i32, 8i32, 3i32, 4i32]]
--          [[0i32, 2i32, 3i32, 2i32, 3i32], [1i32, 5i32, 6i32, 5i32, 6i32]] }
-- structure kernels { global 4 group 0 host 0 }
entry concats [n][m][k] (xs: [n][m]i32) (ys: [k]i32) =
  (map (\r -> r ++ r) xs,
   map (\r -> r ++ ys) xs,
   map2 (\r i -> [i32.i64 i] ++ ys ++ r) xs (iota n))

entry computed (n: i64) (k: i64) (zs: []i64) =
  unzip3 (map (\i -> (replicate k (2 * i), iota k, zs ++ zs)) (iota n))

entry passed [n][m] (xs: [n][m]f32) =
  unzip3 (map (\r -> (copy r, r, r[0] + r[m - 1])) xs)

entry mapped [n][m] (xs: [n][m]i32) =
  (map (\r -> map (* 2) r ++ r) xs,
   map2 (\r i -> let k = i32.i64 i in [k] ++ map (+ (k + 1)) (r ++ r)) xs (iota n))
