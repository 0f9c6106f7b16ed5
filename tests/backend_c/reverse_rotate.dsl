-- reverse, and rotate by positive, negative and larger-than-length amounts (element i
-- of rotate r xs is xs[(i + r) % n], a rotation to the left).
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 4i32, 3i32, 2i32, 1i32] [3i32, 4i32, 5i32, 1i32, 2i32]
--          [5i32, 1i32, 2i32, 3i32, 4i32] [3i32, 4i32, 5i32, 1i32, 2i32]
--          [1i32, 2i32, 3i32, 4i32, 5i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
entry main (xs: []i32) =
  (reverse xs, rotate 2 xs, rotate (-1) xs, rotate 7 xs, reverse (reverse xs))
