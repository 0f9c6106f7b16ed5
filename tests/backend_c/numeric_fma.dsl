-- fma rounds a * b + c once, mad rounds twice: a * a - (a * a) rounded is the rounding
-- error of the product, which fma shows and mad loses; on f32 and f64, computed (from
-- the input) and folded (constants), with NaN and infinities.
-- ==
-- input { [0.1, 3.0, 1e308, f64.nan] [0.1f32, 3f32, f32.inf] }
-- output { [-8.326672684688674e-19, 0.0, -f64.inf, f64.nan] [0.0, 0.0, f64.nan, f64.nan]
--          [-4.0978193e-10f32, 0f32, f32.nan] 5.551115123125783e-17 0.0
--          1.4901161e-8f32 f64.nan -f32.inf }

entry main (xs: []f64) (ys: []f32) =
  (map (\x -> f64.fma x x (-(x * x))) xs, map (\x -> f64.mad x x (-(x * x))) xs,
   map (\y -> f32.fma y y (-(y * y))) ys,
   f64.fma 0.1 10 (-1), f64.mad 0.1 10 (-1), f32.fma 0.1 10 (-1),
   f64.fma f64.nan 0 1, f32.fma 1e30 1e30 (-f32.inf))
