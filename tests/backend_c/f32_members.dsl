-- The remaining f32 members: abs, sgn, neg, min, max, floor, ceil, round, trunc,
-- pow and **, isinf, isnan, and the rounding of results to single precision.
-- ==
-- input { [-2.5f32, 0.5f32, 3.75f32] }
-- output { [2.5f32, 0.5f32, 3.75f32] [-1f32, 1f32, 1f32] [2.5f32, -0.5f32, -3.75f32]
--          [-2.5f32, 0.5f32, 1f32] [1f32, 1f32, 3.75f32]
--          [-3f32, 0f32, 3f32] [-2f32, 1f32, 4f32] [-2f32, 0f32, 4f32] [-2f32, 0f32, 3f32]
--          [0.17677669f32, 1.4142135f32, 13.454342f32] [6.25f32, 0.25f32, 14.0625f32]
--          [true, true, false] true 1036831949u32 }
entry main (xs: []f32) =
  (map f32.abs xs, map f32.sgn xs, map f32.neg xs, map (f32.min 1) xs, map (f32.max 1) xs,
   map f32.floor xs, map f32.ceil xs, map f32.round xs, map f32.trunc xs,
   map (f32.pow 2) xs, map (\x -> x ** 2) xs,
   [f32.isinf (f32.exp 100), f32.isinf (f32.f64 (f64.exp 100)), f32.isnan (f32.log 2)],
   f32.isnan (f32.log (-1)), f32.to_bits (f32.i32 1 / f32.i32 10))
