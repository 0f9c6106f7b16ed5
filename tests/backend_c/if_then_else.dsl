-- if-then-else as an expression: nested, returning arrays and tuples, with a
-- condition from && and || (which short-circuit: the index is not evaluated when it
-- would be out of bounds).
-- ==
-- input { [5i32, -2i32, 0i32] 3i64 }
-- output { [1i32, -1i32, 0i32] [7i32, 8i32] 1i32 false true }
-- input { [1i32] 0i64 }
-- output { [1i32] [9i32, 9i32] 2i32 true false }
entry main [n] (xs: [n]i32) (i: i64) =
  let sgn = map (\x -> if x > 0 then 1 else if x < 0 then -1 else 0) xs
  let pair = if n > 2 then ([7, 8], 1) else ([9, 9], 2)
  in (sgn, pair, i < n && xs[i] > 0, i >= n || xs[i] < 0)
