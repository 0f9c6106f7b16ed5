-- Integer division, modulo and overflow written with literal operands (which a
-- simplifier might fold at compile time) give the same results as at run time.
-- ==
-- input { 0i32 }
-- output { -4i32 1i32 -3i32 -1i32 -4i64 -1i64 3i8 -1i8 -128i8 0i8 -2147483648i32
--          0u32 4294967295u32 0i16 1u8 }
entry main (_: i32) =
  (-7 / 2, -7 % 2, -7 // 2, -7 %% 2, 7i64 / -2, 7i64 % -2, -7i8 / -2, -7i8 % -2,
   127i8 + 1, -128i8 % -1, -2147483648 / -1,
   u32.highest + 1, 0u32 - 1, i16.highest * 2 + 2, 255u8 * 255u8)
