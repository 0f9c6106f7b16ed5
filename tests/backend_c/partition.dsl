-- partition splits an array into the elements that satisfy the predicate and the rest,
-- each in their original order.
-- ==
-- input { [4i64, 7i64, 1i64, 10i64, 6i64, 3i64] }
-- output { [4i64, 10i64, 6i64] [7i64, 1i64, 3i64] [7i64, 10i64] [4i64, 1i64, 6i64, 3i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) empty([0]i64) empty([0]i64) empty([0]i64) }
entry main (xs: []i64) : ([]i64, []i64, []i64, []i64) =
  let (evens, odds) = partition (\x -> x % 2 == 0) xs
  let (big, small) = partition (>= 7) xs
  in (evens, odds, big, small)
