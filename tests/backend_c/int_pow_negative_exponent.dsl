-- ** on signed integers with a negative exponent (an error in Futhark's interpreter;
-- Prism's runtime, rts/c/scalar.h, defines it as trunc(1 / x ** -y)): 1 for x = 1,
-- +-1 for x = -1, 0 for |x| > 1, and division by zero for x = 0.
-- ==
-- input { [2i32, 1i32, -1i32, -1i32, -5i32] [-1i32, -3i32, -3i32, -4i32, -1i32] }
-- output { [0i32, 1i32, -1i32, 1i32, 0i32] }
-- input { [0i32] [-1i32] }
-- error: int_pow_negative_exponent.dsl:10:17: error: division by zero
entry main [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 =
  map2 (\x y -> x ** y) xs ys
