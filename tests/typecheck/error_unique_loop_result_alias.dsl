-- The result of a loop that does not consume its parameter aliases the initial value.
-- ==
-- error: 'xs' is used after being consumed
entry main (n: i64) : ([]i32, []i32) =
  let xs = replicate n 1i32
  let ys = loop acc = xs for i < 3 do acc
  let ys[0] = 9
  in (ys, xs)
