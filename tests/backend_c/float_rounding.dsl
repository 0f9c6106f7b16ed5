-- floor, ceil, round (to nearest, ties to even) and trunc on f32 and f64, with
-- halfway cases and the sign of zero results (checked through to_bits).
-- ==
-- input { [-2.5f64, -1.5f64, -0.5f64, 0.5f64, 1.5f64, 2.5f64, 2.7f64, -2.7f64] }
-- output { [-3f64, -2f64, -1f64, 0f64, 1f64, 2f64, 2f64, -3f64]
--          [-2f64, -1f64, 0f64, 1f64, 2f64, 3f64, 3f64, -2f64]
--          [-2f64, -2f64, 0f64, 0f64, 2f64, 2f64, 3f64, -3f64]
--          [-2f64, -1f64, 0f64, 0f64, 1f64, 2f64, 2f64, -2f64]
--          [-2f32, -2f32, 0f32, 0f32, 2f32, 2f32, 3f32, -3f32]
--          [false, false, true, false, false, false, false, false]
--          [false, false, true, false, false, false, false, false]
--          [false, false, true, false, false, false, false, false] }
entry main (xs: []f64) =
  let negative_zero (x: f64) = x == 0 && f64.to_bits x != 0
  in (map f64.floor xs, map f64.ceil xs, map f64.round xs, map f64.trunc xs,
      map (\x -> f32.round (f32.f64 x)) xs,
      map (\x -> negative_zero (f64.ceil x)) xs, map (\x -> negative_zero (f64.round x)) xs,
      map (\x -> negative_zero (f64.trunc x)) xs)
