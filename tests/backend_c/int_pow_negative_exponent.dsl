-- ** on signed integers with a negative exponent is a run-time error, as in Futhark
-- (Note [negative exponents] in rts/c/scalar.h), whatever the base (0, 1, -1, 2),
-- in a map (an OpenCL kernel), at the top level of an entry point and on a
-- constant exponent; non-negative exponents still work.
-- ==
-- input { [2i32, 1i32, -1i32, 0i32] [3i32, 5i32, 3i32, 0i32] }
-- output { [8i32, 1i32, -1i32, 1i32] }
-- input { [2i32, 1i32, -1i32] [1i32, -3i32, 2i32] }
-- error: int_pow_negative_exponent\.dsl:23:17: error: negative exponent -3 in integer \*\*
-- input { [0i32] [-1i32] }
-- error: int_pow_negative_exponent\.dsl:23:17: error: negative exponent -1 in integer \*\*
-- entry: scalar
-- input { 2i64 10i64 } output { 1024i64 }
-- input { 1i64 -1i64 }
-- error: int_pow_negative_exponent\.dsl:24:40: error: negative exponent -1 in integer \*\*
-- entry: constant
-- input { 1i8 } output { 1i8 }
-- input { 3i8 }
-- error: int_pow_negative_exponent\.dsl:26:25: error: negative exponent -2 in integer \*\*
-- entry: unsigned
-- input { 2u32 31u32 } output { 2147483648u32 }
entry main [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 =
  map2 (\x y -> x ** y) xs ys
entry scalar (x: i64) (y: i64) : i64 = x ** y
entry constant (x: i8) : i8 =
  if x == 1 then x else x ** -2
entry unsigned (x: u32) (y: u32) : u32 = x ** y
