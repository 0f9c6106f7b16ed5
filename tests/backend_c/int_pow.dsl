-- ** on integers: repeated multiplication that wraps around like *, with x ** 0 = 1
-- (also 0 ** 0) and odd powers of negative numbers negative.
-- ==
-- input { [2i32, 3i32, 0i32, -2i32, 2i32, -3i32, 7i32] [10i32, 0i32, 0i32, 3i32, 31i32, 5i32, 1i32] }
-- output { [1024i32, 1i32, 1i32, -8i32, -2147483648i32, -243i32, 7i32]
--          -128i8 232u8 -6289078614652622815i64 6048575297968530377u64 0i16 1i64 }
entry main [n] (xs: [n]i32) (ys: [n]i32) =
  (map2 (**) xs ys, 2i8 ** 7, 10u8 ** 3, 3i64 ** 40, 3u64 ** 50, 2i16 ** 16, 1i64 ** 12345)
