-- i32 division: / and % round toward negative infinity (the remainder takes the
-- divisor's sign), // and %% truncate toward zero (the remainder takes the dividend's
-- sign), on every sign combination; lowest / -1 wraps around to lowest and
-- lowest % -1 is 0.
-- ==
-- input { [7i32, -7i32, 7i32, -7i32, 6i32, -6i32, 6i32, 0i32, 1i32, -1i32, -2147483648i32, -2147483648i32, -2147483648i32, -2147483648i32, -2147483647i32, 2147483647i32, 2147483647i32, -2147483648i32]
--          [2i32, 2i32, -2i32, -2i32, 3i32, 3i32, -3i32, -5i32, -5i32, 5i32, -1i32, 1i32, 3i32, -3i32, -1i32, -2i32, -2147483648i32, 2147483647i32] }
-- output { [3i32, -4i32, -4i32, 3i32, 2i32, -2i32, -2i32, 0i32, -1i32, -1i32, -2147483648i32, -2147483648i32, -715827883i32, 715827882i32, 2147483647i32, -1073741824i32, -1i32, -2i32]
--           [1i32, 1i32, -1i32, -1i32, 0i32, 0i32, 0i32, 0i32, -4i32, 4i32, 0i32, 0i32, 1i32, -2i32, 0i32, -1i32, -1i32, 2147483646i32]
--           [3i32, -3i32, -3i32, 3i32, 2i32, -2i32, -2i32, 0i32, 0i32, 0i32, -2147483648i32, -2147483648i32, -715827882i32, 715827882i32, 2147483647i32, -1073741823i32, 0i32, -1i32]
--           [1i32, -1i32, 1i32, -1i32, 0i32, 0i32, 0i32, 0i32, 1i32, -1i32, 0i32, 0i32, -2i32, -2i32, 0i32, 1i32, 2147483647i32, -1i32]
--           true true }
entry main [n] (a: [n]i32) (b: [n]i32) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b,
   and (map2 (\x y -> y * (x / y) + x % y == x) a b),
   and (map2 (\x y -> y * (x // y) + x %% y == x) a b))
