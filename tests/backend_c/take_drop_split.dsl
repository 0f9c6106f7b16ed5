-- take, drop and split at 0, in the middle and at the length.
-- ==
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32] [3i32, 4i32, 5i32] [1i32, 2i32] [3i32, 4i32, 5i32] }
-- input { 0i64 [1i32, 2i32, 3i32] }
-- output { empty([0]i32) [1i32, 2i32, 3i32] empty([0]i32) [1i32, 2i32, 3i32] }
-- input { 3i64 [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] empty([0]i32) [1i32, 2i32, 3i32] empty([0]i32) }
entry main (i: i64) (xs: []i32) =
  let (a, b) = split i xs
  in (take i xs, drop i xs, a, b)
