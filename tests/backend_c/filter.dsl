-- filter keeps the elements that satisfy the predicate, in their order; the result
-- has an existential size that length reports.
-- ==
-- input { [5i32, -2i32, 8i32, 0i32, -7i32, 3i32] }
-- output { [5i32, 8i32, 3i32] 3i64 empty([0]i32) [-2i32, 8i32, 0i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) 0i64 empty([0]i32) empty([0]i32) }
entry main (xs: []i32) : ([]i32, i64, []i32, []i32) =
  let pos = filter (> 0) xs
  in (pos, length pos, filter (\x -> x > 100) xs, filter (\x -> x % 2 == 0) xs)
