-- reduce_comm with commutative operators: a sum, a product, a minimum over f64 and a
-- pair (count, sum).
-- ==
-- input { [5i64, 1i64, 4i64, 2i64] [2.5f64, -1.5f64, 8f64] }
-- output { 12i64 40i64 -1.5f64 3i64 9f64 }
-- input { empty([0]i64) empty([0]f64) }
-- output { 0i64 1i64 f64.inf 0i64 0f64 }
entry main (xs: []i64) (ys: []f64) : (i64, i64, f64, i64, f64) =
  let (c, s) = reduce_comm (\(c1, s1) (c2, s2) -> (c1 + c2, s1 + s2)) (0, 0)
                           (map (\y -> (1i64, y)) ys)
  in (reduce_comm (+) 0 xs, reduce_comm (*) 1 xs, reduce_comm f64.min f64.inf ys, c, s)
