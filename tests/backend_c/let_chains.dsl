-- let chains without `in` between bindings, shadowing, tuple patterns and wildcards.
-- ==
-- input { 5i32 }
-- output { 33i32 6i32 }
entry main (x: i32) =
  let a = x + 1
  let b = a * 2
  let x = x * 3
  let (c, _) = (b + x, 99)
  let (_, (d, e)) = (0, (c, a))
  in (d - 4 + 10, e)
