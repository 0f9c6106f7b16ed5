-- Partial application of top-level, local and built-in functions.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [11i32, 12i32, 13i32] [3i32, 6i32, 9i32] [0i32, 0i32] }

def add (a: i32) (b: i32) : i32 = a + b

entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let add10 = add 10
  let scale k x = k * x
  let triple = scale 3
  let zeros = replicate 2
  in (map add10 xs, map triple xs, zeros 0i32)
