-- The kernel IR of maps whose elements are arrays (tests/lower/kernel_ir.sh prints it):
-- `pairs` makes a private row per element (a map kernel whose work-items write their
-- rows), `cube` is a nest of three maps (map2 over the flattened index space),
-- `framed` a map whose rows are concats of known length (the rows form).
-- ==
-- entry: pairs
-- input { 3i64 }
-- output { [[0i64, 1i64], [1i64, 2i64], [2i64, 3i64]] }
-- entry: cube
-- input { [[[1i32], [2i32]]] }
-- output { [[[3i32], [5i32]]] }
-- entry: framed
-- input { [[1i32, 2i32]] [9i32] }
-- output { [[0i32, 9i32, 1i32, 2i32]] [3i32] }
entry pairs (n: i64) : [n][2]i64 = map (\i -> [i, i + 1]) (iota n)

entry cube [a][n][m] (xs: [a][n][m]i32) : [a][n][m]i32 =
  map (\xss -> map (\ys -> let b = ys[0] in map (\y -> y + b + 1) ys) xss) xs

entry framed [n][m][k] (xs: [n][m]i32) (ys: [k]i32) =
  unzip (map2 (\r i -> ([i32.i64 i] ++ ys ++ r, r[0] + r[m - 1])) xs (iota n))
