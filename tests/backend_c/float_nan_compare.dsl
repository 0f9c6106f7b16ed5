-- Comparisons with NaN are all false except !=, so nan != nan; -0.0 equals 0.0; the
-- infinities compare beyond every finite value.
-- ==
-- input { f64.nan 1f64 }
-- output { [false, true, false, false, false, false, false, false]
--          [true, false, true, false, true, false] true false true }
entry main (n: f64) (one: f64) =
  ([n == n, n != n, n < one, n > one, n <= n, n >= n, one == n, n == f64.nan],
   [-0.0 == 0f64, -0.0 < 0f64, f64.inf > 1e308, -f64.inf > -1e308, f32.inf == f32.highest,
    f32.inf != f32.inf],
   f32.nan != f32.nan, f32.nan == f32.nan, !(f32.nan < 0 || f32.nan >= 0))
