-- isnan and isinf on ordinary values, NaN, both infinities and computed NaNs/infinities.
-- ==
-- input { [1f64, f64.nan, f64.inf, -f64.inf, 0f64] }
-- output { [false, true, false, false, false] [false, false, true, true, false]
--          true true true true true }
entry main (xs: []f64) =
  (map f64.isnan xs, map f64.isinf xs,
   f32.isnan (0 / 0), f32.isinf (-1 / 0), f64.isnan (f64.inf - f64.inf),
   f32.isinf f32.highest, f64.isnan (f64.sqrt (-1)))
