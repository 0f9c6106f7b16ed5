-- Slices and in-place updates whose sizes Futhark knows or checks at run time: a[::-1]
-- has the size of a; a slice update whose sizes differ only in how they are written
-- (4-1 and 3), or are only known at run time (a filter's result), is checked when it
-- runs, and a mismatch is reported with the update's location.
-- ==
-- entry: reverse
-- input { [1i32, 2i32, 3i32] } output { [3i32, 2i32, 1i32] [4i32, 4i32, 4i32] }
-- entry: literal_sizes
-- input { 9i64 } output { [9i64, 0i64, 1i64, 2i64, 9i64, 9i64] [9i64, 5i64, 6i64, 9i64] }
-- entry: computed
-- input { [1i32, 2i32, 3i32] [4i32, -1i32, 5i32] } output { [4i32, 5i32, 3i32] }
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- error: size_exprs_slices\.dsl:26:6: error: update of a slice: shape \[3\] does not match shape \[2\]

entry reverse [n] (xs: [n]i32) : ([n]i32, [n]i32) =
  (xs[::-1], map2 (+) xs xs[::-1])

entry literal_sizes (x: i64) =
  let a = replicate 6 x with [1:4] = iota 3
  let b = replicate 4 x
  let b[1:3] = [5, 6]
  in (a, b)

entry computed (xs: []i32) (ys: []i32) =
  let zs = filter (> 0) ys
  in copy xs with [0:2] = zs
