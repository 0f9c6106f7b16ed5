-- scan is an inclusive prefix scan: with +, with max, and with the non-commutative
-- composition of affine maps (as pairs).
-- ==
-- input { [3i32, -7i32, 2i32, 9i32, -1i32] [2i64, 3i64, -1i64, 4i64] [1i64, -1i64, 5i64, 0i64] }
-- output { [3i32, -4i32, -2i32, 7i32, 6i32] [3i32, 3i32, 3i32, 9i32, 9i32]
--          [2i64, 6i64, -6i64, -24i64] [1i64, 2i64, 3i64, 12i64] }
-- input { empty([0]i32) empty([0]i64) empty([0]i64) }
-- output { empty([0]i32) empty([0]i32) empty([0]i64) empty([0]i64) }
entry main [n] (xs: []i32) (as: [n]i64) (bs: [n]i64) : ([]i32, []i32, [n]i64, [n]i64) =
  let ps = scan (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0) (zip as bs)
  in (scan (+) 0 xs, scan i32.max i32.lowest xs, map (.0) ps, map (.1) ps)
