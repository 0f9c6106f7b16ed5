-- Nests of maps on OpenCL (map2 over a deeper nest, Note [nests of maps] in
-- src/lower/forms.c): `map (map (map f))` over arrays of three dimensions, each level
-- with scalar statements of its own (from its row and its index) before the next map, a
-- nest of four, and empty arrays in each dimension. One kernel per nest.
-- ==
-- entry: main
-- input { empty([0][2][3]i32) }
-- output { empty([0][2][3]i32) }
-- input { empty([2][0][3]i32) }
-- output { empty([2][0][3]i32) }
-- input { empty([2][3][0]i32) }
-- output { empty([2][3][0]i32) }
-- input { [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]] }
-- output { [[[3, 4, 5], [9, 10, 11]], [[21, 22, 23], [27, 28, 29]]] }
-- entry: levels
-- input { 2i64 empty([0][2][3]f32) }
-- output { empty([0][2][3]f32) }
-- input { 3i64 [[[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]], [[-1f32, -2f32], [-3f32, -4f32], [-5f32, -6f32]]] }
-- output { [[[4f32, 5f32], [7f32, 8f32], [10f32, 11f32]], [[2f32, 1f32], [1f32, 0f32], [0f32, -1f32]]] }
-- entry: four
-- input { 2i64 3i64 empty([0]i64) }
-- output { empty([0][2][3][0]i64) }
-- input { 1i64 2i64 [10i64, 20i64] }
-- output { [[[[10i64, 20i64], [11i64, 21i64]]], [[[110i64, 120i64], [111i64, 121i64]]]] }
-- structure kernels { global 3 group 0 host 0 }
entry main [a][n][m] (xs: [a][n][m]i32) : [a][n][m]i32 =
  map (\xss -> map (\ys -> map (\y -> y + 2 * ys[0] - ys[0] + xss[0, 0]) ys) xss) xs

entry levels [a][n][m] (k: i64) (xs: [a][n][m]f32) : [a][n][m]f32 =
  map (\xss ->
         let s = f32.abs xss[0, 0]
         in map2 (\ys j -> let t = s * f32.i64 (j + 1) + f32.i64 (k - 3)
                           in map (\y -> y + t + 2) ys) xss (iota n)) xs

entry four (p: i64) (q: i64) (zs: []i64) =
  map (\a -> map (\b -> map (\c -> map (\z -> z + 100 * a + b + c) zs) (iota q)) (iota p))
      (iota (length zs))
