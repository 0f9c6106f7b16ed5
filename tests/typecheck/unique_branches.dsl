-- A consumption in one branch does not stop the other branch from using the array.
-- ==
-- input { true 3i64 } output { [1i32, 0i32, 0i32] }
-- input { false 3i64 } output { [1i32, 1i32, 1i32] }

entry main (c: bool) (n: i64) : []i32 =
  let a = replicate n 0i32
  in if c then a with [0] = 1 else map (+1) a
