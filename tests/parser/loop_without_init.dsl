-- Without `= init`, a loop starts from the variables its pattern names.
-- ==
-- input { 10i32 } output { 13i32 2i32 1i32 }

entry main (x: i32) : (i32, i32, i32) =
  let acc = x
  let (a, b) = (1, 2)
  let r = loop acc for i < 3 do acc + i
  let (a, b) = loop (a, b) for i < 3 do (b, a)
  in (r, a, b)
