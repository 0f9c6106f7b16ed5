-- Near misses of the closure rules: lambdas that only read captured arrays,
-- consumption after the last use of a closure, a lambda's unique parameter.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 12i32 [9i32, 2i32, 3i32] }

def double_at (xs: []i32) (i: i64) : i32 = xs[i] * 2

entry main (xs: *[]i32) : (i32, []i32) =
  let get = \(i: i64) -> xs[i]
  let at = double_at xs
  let s = get 0 + get 2 + at 2 + reduce (+) 0 (map (\i -> xs[i] - xs[i]) (iota 3))
  let ys = xs with [0] = 9
  let upd = \(r: *[]i32) -> r with [1] = 2
  in (s + 2, upd ys)
