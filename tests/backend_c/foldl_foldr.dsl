-- foldl folds from the left and foldr from the right, shown by non-associative
-- operators: (-) and building a decimal number from digits.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { -6i32 2i32 123i32 321i32 }
-- input { empty([0]i32) }
-- output { 0i32 0i32 0i32 0i32 }
entry main (xs: []i32) =
  (foldl (-) 0 xs, foldr (-) 0 xs,
   foldl (\acc d -> acc * 10 + d) 0 xs, foldr (\d acc -> acc * 10 + d) 0 xs)
