-- abs, sgn, neg, min and max on f64 and f32: sgn keeps the sign of zero and NaN stays
-- NaN; min and max return the other operand when one is NaN (C's fmin/fmax).
-- ==
-- input { [-3.5f64, -0f64, 2f64, f64.nan, -f64.inf] }
-- output { [3.5f64, 0f64, 2f64, f64.nan, f64.inf]
--          [-1f64, -0f64, 1f64, f64.nan, -1f64]
--          [3.5f64, 0f64, -2f64, f64.nan, f64.inf]
--          [0u64, 9223372036854775808u64, 0u64]
--          [-3.5f64, -0f64, 1f64, 1f64, -f64.inf]
--          [1f64, 1f64, 2f64, 1f64, 1f64]
--          f64.nan f64.nan -2.5f32 7f32 -1f32 }
entry main (xs: []f64) =
  (map f64.abs xs, map f64.sgn xs, map f64.neg xs,
   [f64.to_bits (f64.abs (-0)), f64.to_bits (f64.sgn (-0)), f64.to_bits (f64.neg (-0))],
   map (f64.min 1) xs, map (\x -> f64.max x 1) xs,
   f64.min f64.nan f64.nan, f64.max f64.nan f64.nan,
   f32.min (-2.5) 7, f32.max f32.nan 7, f32.sgn (-0.25))
