-- In-place update of a slice, `a with [i:j] = b`, and of a column of a 2-D array.
-- ==
-- input { [0i32, 0i32, 0i32, 0i32, 0i32] }
-- output { [0i32, 7i32, 8i32, 0i32, 0i32] [[1i32, 0i32], [2i32, 0i32]] }
entry main (xs: *[]i32) =
  let xs = xs with [1:3] = ([7, 8] :> [3 - 1]i32)
  let m = replicate 2 (replicate 2 0i32)
  let m = m with [:, 0] = [1, 2]
  in (xs, m)
