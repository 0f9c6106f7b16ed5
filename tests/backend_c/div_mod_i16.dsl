-- i16 division: / and % round toward negative infinity (the remainder takes the
-- divisor's sign), // and %% truncate toward zero (the remainder takes the dividend's
-- sign), on every sign combination; lowest / -1 wraps around to lowest and
-- lowest % -1 is 0.
-- ==
-- input { [7i16, -7i16, 7i16, -7i16, 6i16, -6i16, 6i16, 0i16, 1i16, -1i16, -32768i16, -32768i16, -32768i16, -32768i16, -32767i16, 32767i16, 32767i16, -32768i16]
--          [2i16, 2i16, -2i16, -2i16, 3i16, 3i16, -3i16, -5i16, -5i16, 5i16, -1i16, 1i16, 3i16, -3i16, -1i16, -2i16, -32768i16, 32767i16] }
-- output { [3i16, -4i16, -4i16, 3i16, 2i16, -2i16, -2i16, 0i16, -1i16, -1i16, -32768i16, -32768i16, -10923i16, 10922i16, 32767i16, -16384i16, -1i16, -2i16]
--           [1i16, 1i16, -1i16, -1i16, 0i16, 0i16, 0i16, 0i16, -4i16, 4i16, 0i16, 0i16, 1i16, -2i16, 0i16, -1i16, -1i16, 32766i16]
--           [3i16, -3i16, -3i16, 3i16, 2i16, -2i16, -2i16, 0i16, 0i16, 0i16, -32768i16, -32768i16, -10922i16, 10922i16, 32767i16, -16383i16, 0i16, -1i16]
--           [1i16, -1i16, 1i16, -1i16, 0i16, 0i16, 0i16, 0i16, 1i16, -1i16, 0i16, 0i16, -2i16, -2i16, 0i16, 1i16, 32767i16, -1i16]
--           true true }
entry main [n] (a: [n]i16) (b: [n]i16) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b,
   and (map2 (\x y -> y * (x / y) + x % y == x) a b),
   and (map2 (\x y -> y * (x // y) + x %% y == x) a b))
