-- Never merge two SOACs horizontally when one depends on the other through a scalar
-- (the second map's lambda uses an element of the first map's result), or when a
-- statement between them consumes an input (the second map reads the updated array,
-- the first the old one): both maps stay.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 4i32, 6i32] [3i32, 4i32, 5i32] }
-- entry: consumed
-- input { [1i32, 2i32, 3i32] } output { [2i32, 4i32, 6i32] [6i32, 3i32, 4i32] }
-- structure { map 4 }
entry main (xs: []i32) =
  let a = map (\x -> x * 2) xs
  let s = a[0]
  let b = map (\x -> x + s) xs
  in (a, b)

entry consumed (xs: *[]i32) =
  let a = map (\x -> x * 2) xs
  let xs' = xs with [0] = 5
  let b = map (\x -> x + 1) xs'
  in (a, b)
