-- The kernel IR of group-level forms (tests/lower/kernel_ir.sh prints it): `rowsums` is a
-- segmented reduction (a group version, one work-group per row, and a flat one, chosen by
-- the rows' length); `smooth` is group code (two versions, its arrays in local memory or
-- in global scratch), whose steps show the barriers: a loop carrying an array, an inner
-- map and an inner scan.
-- ==
-- entry: rowsums
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [3i32, 7i32] }
-- entry: smooth
-- input { 2i64 [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[4i32, 16i32, 40i32], [16i32, 52i32, 112i32]] }
entry rowsums [n][m] (xss: [n][m]i32) : [n]i32 = map (\r -> reduce (+) 0 r) xss

entry smooth [n][m] (k: i64) (xss: [n][m]i32) : [n][m]i32 =
  map (\r ->
    loop a = r for _i < k do
      let b = map (\x -> x * 2) a
      in scan (+) 0 b) xss
