-- The C99 special cases of the f64 functions: atan2 with signed zeros, hypot with an
-- infinity and a NaN, pow with NaN operands, sqrt of -0.0, log of 0, exp of -inf,
-- and functions of NaN giving NaN.
-- ==
-- input { 0f64 f64.nan f64.inf }
-- output { 3.141592653589793f64 -3.141592653589793f64 f64.inf 1f64 1f64 true
--          -f64.inf 0f64 f64.nan f64.nan f64.nan 1.5707963267948966f64 }
entry main (z: f64) (n: f64) (i: f64) =
  (f64.atan2 z (-1), f64.atan2 (-z) (-1), f64.hypot i n, f64.pow n 0, f64.pow 1 n,
   f64.to_bits (f64.sqrt (-z)) == 0x8000000000000000,
   f64.log z, f64.exp (-i), f64.sin n, f64.sqrt (-1), f64.sin i, f64.atan i)
