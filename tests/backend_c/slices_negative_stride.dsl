-- Slices with negative strides: a[::-1] reverses, a[i:j:-s] runs from i down to j
-- (exclusive), and the defaults of a missing start and end are the last and
-- one-before-the-first elements.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 4i32, 3i32, 2i32, 1i32, 0i32] [4i32, 2i32] [5i32, 4i32, 3i32] [3i32, 2i32, 1i32, 0i32]
--          [5i32, 3i32, 1i32] empty([0]i32) [1i32] }
entry main (xs: []i32) =
  (xs[::-1], xs[4:0:-2], xs[:2:-1], xs[3::-1], xs[::-2], xs[3:3:-1], xs[1:0:-1])
