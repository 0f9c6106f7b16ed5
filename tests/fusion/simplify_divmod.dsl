-- x % y and x %% y by a y that is not a constant become x - (x / y) * y and
-- x - (x // y) * y, so that a program computing both x / y and x % y (index arithmetic
-- of a Stockham pass) divides once. The meaning is kept for every sign, for y = -1 at
-- the smallest integer (wrapping), and division by zero still fails at its location.
-- ==
-- input { [-7i64, 7i64, -7i64, 7i64, -9223372036854775808i64, 0i64] [2i64, -2i64, -2i64, 2i64, -1i64, 5i64] }
-- output { [-4i64, -4i64, 3i64, 3i64, -9223372036854775808i64, 0i64]
--          [1i64, -1i64, -1i64, 1i64, 0i64, 0i64]
--          [-3i64, -3i64, 3i64, 3i64, -9223372036854775808i64, 0i64]
--          [-1i64, 1i64, -1i64, 1i64, 0i64, 0i64] }
-- input { [1i64] [0i64] }
-- error: tests/fusion/simplify_divmod.dsl:16:26: error: division by zero
-- entry: narrow
-- input { [-7i8, 127i8, -128i8] [2i8, -3i8, -1i8] } output { [1i8, -2i8, 0i8] [-1i8, 1i8, 0i8] }
entry main [n] (xs: [n]i64) (ys: [n]i64) =
  unzip4 (map2 (\x y -> (x / y, x % y, x // y, x %% y)) xs ys)

entry narrow [n] (xs: [n]i8) (ys: [n]i8) =
  unzip (map2 (\x y -> (x % y, x %% y)) xs ys)
