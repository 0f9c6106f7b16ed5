-- Branches returning arrays of different sizes: the if has an existential size.
-- ==
-- input { true [1i32, 2i32] } output { [1i32, 2i32, 1i32, 2i32] 4i64 }
-- input { false [1i32, 2i32] } output { [1i32, 2i32] 2i64 }

entry main (b: bool) (xs: []i32) : ([]i32, i64) =
  let ys = if b then xs ++ xs else xs
  in (ys, length ys)
