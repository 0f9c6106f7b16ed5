-- Field access on inferred types: the lambda's parameter gets its record type from the array.
-- ==
-- input { [1f32, 2f32] [10f32, 20f32] } output { [1f32, 2f32] [10f32, 20f32] [11f32, 22f32] }

type point = {x: f32, y: f32}

entry main [n] (xs: [n]f32) (ys: [n]f32) : ([]f32, []f32, []f32) =
  let ps: []point = map2 (\x y -> {x, y}) xs ys
  in (map (\p -> p.x) ps, map (.y) ps, map (\{x, y} -> x + y) ps)
