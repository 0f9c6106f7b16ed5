-- Using an array before it is consumed, and the updated array afterwards, is fine.
-- ==
-- input { 3i64 } output { 0i32 [9i32, 0i32, 0i32] 9i32 }

entry main (n: i64) : (i32, []i32, i32) =
  let a = replicate n 0i32
  let before = a[0]
  let b = a with [0] = 9
  in (before, b, b[0])
