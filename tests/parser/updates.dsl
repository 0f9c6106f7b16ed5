-- In-place updates `a with [i] = v` and record updates `r with a.b = v`.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [10i32, 11i32, 3i32] 8i32 }

entry main (xs: *[]i32) : ([]i32, i32) =
  let ys = xs with [0] = 10
  let r = {a = {b = 1, c = 2}, d = 3}
  let r2 = r with a.b = 5
  in (ys with [1] = ys[0] + 1, r2.a.b + r2.d)
