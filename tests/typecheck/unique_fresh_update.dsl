-- In-place updates of fresh arrays: `with`, `let a[i] = v`, 2-D rows and scatter.
-- ==
-- input { 3i64 } output { [0i32, 5i32, 0i32] [1i32, 0i32, 2i32] [[0i32, 0i32], [7i32, 7i32]] [10i32, 0i32, 30i32] }

entry main (n: i64) : ([]i32, []i32, [][]i32, []i32) =
  let a = replicate n 0i32
  let a = a with [1] = 5
  let b = replicate n 0i32
  let b[0] = 1
  let b[2] = 2
  let m = replicate 2 (replicate 2 0i32)
  let m = m with [1] = replicate 2 7
  let s = scatter (replicate n 0i32) [0, 2] [10, 30]
  in (a, b, m, s)
