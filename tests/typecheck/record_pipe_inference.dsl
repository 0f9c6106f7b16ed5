-- Field access in a lambda on the right of |>: the record type flows in from the left.
-- ==
-- input { [1f32, 2f32] [3f32, 4f32] } output { [4f32, 6f32] 7f32 }

entry main [n] (xs: [n]f32) (ys: [n]f32) : ([n]f32, f32) =
  let ps = map2 (\x y -> {x, y}) xs ys
  let a = ps |> map (\p -> p.x + p.y)
  let b = ps |> map (.y) |> reduce (+) 0
  in (a, b)
