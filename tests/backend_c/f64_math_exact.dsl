-- The f64 functions agree with the correctly rounded results to within 2 ulp
-- (compared in the program, so the test's float tolerance does not hide an f32
-- computation).
-- ==
-- input { 0.5f64 2f64 }
-- output { [true, true, true, true, true, true, true, true, true, true] }
entry main (x: f64) (y: f64) =
  let close (a: f64) (b: f64) = f64.abs (a - b) <= 2 * f64.abs b * 1.1102230246251565e-16
  in [close (f64.sqrt y) 1.4142135623730951, close (f64.exp x) 1.6487212707001282,
      close (f64.log y) 0.6931471805599453, close (f64.sin x) 0.479425538604203,
      close (f64.cos x) 0.8775825618903728, close (f64.atan x) 0.4636476090008061,
      close (f64.tanh x) 0.46211715726000974, close (f64.cbrt y) 1.2599210498948732,
      close f64.pi 3.141592653589793, close f64.e 2.718281828459045]
