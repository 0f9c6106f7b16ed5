-- `let` without `in` continues with the next `let`; patterns may be tuples and
-- records.
-- ==
-- input { 1i32 } output { 16i32 }

entry main (x: i32) : i32 =
  let a = x + 1
  let (b, c) = (a * 2, 3)
  let {d, e = f} = {d = b, e = c}
  in a + b + c + d + f
