-- `let xs[i] = v` (no space before the bracket) updates an array in place.
-- ==
-- input { 2i64 } output { [0i32, 5i32, 7i32] }

entry main (n: i64) : [3]i32 =
  let xs = replicate 3 0i32
  let xs[1] = 5
  let xs[n] = 7
  in xs
