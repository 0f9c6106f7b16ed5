-- reduce with +, with max, and with an associative but not commutative operator
-- (composition of affine maps a*x+b, as pairs), which must combine in array order.
-- ==
-- input { [3i32, -7i32, 2i32, 9i32, -1i32] [2i64, 3i64, -1i64, 4i64] [1i64, -1i64, 5i64, 0i64] }
-- output { 6i32 9i32 -24i64 12i64 }
-- input { empty([0]i32) empty([0]i64) empty([0]i64) }
-- output { 0i32 -2147483648i32 1i64 0i64 }
entry main [n] (xs: []i32) (as: [n]i64) (bs: [n]i64) : (i32, i32, i64, i64) =
  let (a, b) = reduce (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1, 0) (zip as bs)
  in (reduce (+) 0 xs, reduce i32.max i32.lowest xs, a, b)
