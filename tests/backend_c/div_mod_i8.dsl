-- i8 division: / and % round toward negative infinity (the remainder takes the
-- divisor's sign), // and %% truncate toward zero (the remainder takes the dividend's
-- sign), on every sign combination; lowest / -1 wraps around to lowest and
-- lowest % -1 is 0.
-- ==
-- input { [7i8, -7i8, 7i8, -7i8, 6i8, -6i8, 6i8, 0i8, 1i8, -1i8, -128i8, -128i8, -128i8, -128i8, -127i8, 127i8, 127i8, -128i8]
--          [2i8, 2i8, -2i8, -2i8, 3i8, 3i8, -3i8, -5i8, -5i8, 5i8, -1i8, 1i8, 3i8, -3i8, -1i8, -2i8, -128i8, 127i8] }
-- output { [3i8, -4i8, -4i8, 3i8, 2i8, -2i8, -2i8, 0i8, -1i8, -1i8, -128i8, -128i8, -43i8, 42i8, 127i8, -64i8, -1i8, -2i8]
--           [1i8, 1i8, -1i8, -1i8, 0i8, 0i8, 0i8, 0i8, -4i8, 4i8, 0i8, 0i8, 1i8, -2i8, 0i8, -1i8, -1i8, 126i8]
--           [3i8, -3i8, -3i8, 3i8, 2i8, -2i8, -2i8, 0i8, 0i8, 0i8, -128i8, -128i8, -42i8, 42i8, 127i8, -63i8, 0i8, -1i8]
--           [1i8, -1i8, 1i8, -1i8, 0i8, 0i8, 0i8, 0i8, 1i8, -1i8, 0i8, 0i8, -2i8, -2i8, 0i8, 1i8, 127i8, -1i8]
--           true true }
entry main [n] (a: [n]i8) (b: [n]i8) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b,
   and (map2 (\x y -> y * (x / y) + x % y == x) a b),
   and (map2 (\x y -> y * (x // y) + x %% y == x) a b))
