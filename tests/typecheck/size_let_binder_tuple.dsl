-- `let [n] (a, b) = ...` names the existential size shared by both arrays of a tuple.
-- ==
-- input { [1i32, -2i32, 3i32] } output { 2i64 [1i32, 3i32] [2i32, 6i32] }

entry main (xs: []i32) : (i64, []i32, []i32) =
  let [n] (a, b) = unzip (filter (\(x, _) -> x > 0) (zip xs (map (*2) xs)))
  let c: [n]i32 = b
  in (n, a, c)
