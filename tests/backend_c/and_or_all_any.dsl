-- and, or, all and any, including their neutral results on empty arrays.
-- ==
-- input { [true, true, false] [3i32, 8i32, 5i32] }
-- output { false true true false true false }
-- input { [true, true] [2i32, 4i32] }
-- output { true true true true true false }
-- input { empty([0]bool) empty([0]i32) }
-- output { true false true true false false }
entry main (bs: []bool) (xs: []i32) =
  (and bs, or bs, all (> 0) xs, all (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 0) xs,
   any (> 10) xs)
