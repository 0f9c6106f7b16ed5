-- scatter writes values at indices; indices out of range (negative or >= the length)
-- are ignored, as in Futhark.
-- ==
-- input { [0i32, 0i32, 0i32, 0i32, 0i32] [3i64, -1i64, 0i64, 5i64, 100i64, 4i64] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [3i32, 0i32, 0i32, 1i32, 6i32] }
-- input { [7i32, 8i32] empty([0]i64) empty([0]i32) }
-- output { [7i32, 8i32] }
-- input { empty([0]i32) [0i64, 1i64] [1i32, 2i32] }
-- output { empty([0]i32) }
entry main [k] [n] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  scatter dest is vs
