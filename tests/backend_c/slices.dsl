-- Slices a[i:j], a[i:], a[:j], a[i:j:s] with a positive stride and empty slices.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32] 2i64 5i64 }
-- output { [2i32, 3i32, 4i32] [2i32, 3i32, 4i32, 5i32, 6i32] [0i32, 1i32] [0i32, 2i32, 4i32, 6i32]
--          [1i32, 4i32] [2i32, 5i32] empty([0]i32) empty([0]i32) [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32] 3i64 }
entry main (xs: []i32) (i: i64) (j: i64) =
  (xs[i:j], xs[i:], xs[:i], xs[::2], xs[1:6:3], xs[i::3], xs[i:i], xs[j:j:1], xs[:],
   length xs[i:j])
