-- << and >> on signed integers: >> is arithmetic (keeps the sign); an amount of at
-- least the bit width gives 0 for << and 0 or -1 (the sign) for >>, the rule of
-- rts/c/scalar.h, which is also what Futhark's interpreter computes.
-- ==
-- input { [1i32, 1i32, 1i32, -1i32, 3i32, 1i32]
--         [31i32, 32i32, 100i32, 31i32, 1i32, 0i32]
--         [-8i32, -1i32, 5i32, -5i32, 2147483647i32, -2147483648i32]
--         [1i32, 40i32, 32i32, 32i32, 30i32, 31i32] }
-- output { [-2147483648i32, 0i32, 0i32, -2147483648i32, 6i32, 1i32]
--          [-4i32, -1i32, 0i32, -1i32, 1i32, -1i32]
--          [-128i8, 0i8, -128i8, -1i8, -64i8, 0i8, -1i8]
--          [-9223372036854775808i64, 0i64, -1i64, 0i64, -1i64] }
entry main [n] [m] (a: [n]i32) (b: [n]i32) (c: [m]i32) (d: [m]i32) =
  (map2 (<<) a b, map2 (>>) c d,
   [1i8 << 7, 1i8 << 8, 64i8 << 1, -128i8 >> 7, -128i8 >> 1, 127i8 >> 7, -1i8 >> 100],
   [1i64 << 63, 1i64 << 64, -1i64 >> 63, i64.highest >> 63, i64.lowest >> 64])
