-- abs, sgn, neg, min and max of the integer modules; abs and neg of the lowest value
-- wrap around to itself; unsigned min/max compare as unsigned.
-- ==
-- input { [-128i8, -5i8, 0i8, 7i8, 127i8] [4000000000u32, 5u32, 0u32] }
-- output { [-128i8, 5i8, 0i8, 7i8, 127i8] [-1i8, -1i8, 0i8, 1i8, 1i8]
--          [-128i8, 5i8, 0i8, -7i8, -127i8] [-128i8, -5i8, -5i8, -5i8, -5i8]
--          [0i8, 0i8, 0i8, 7i8, 127i8]
--          [4000000000u32, 5u32, 0u32] [1u32, 1u32, 0u32] [294967296u32, 4294967291u32, 0u32]
--          [5u32, 5u32, 0u32] [4000000000u32, 5u32, 5u32]
--          -9223372036854775808i64 9223372036854775807i64 -1i64 -9223372036854775808i64 }
entry main (xs: []i8) (us: []u32) =
  (map i8.abs xs, map i8.sgn xs, map i8.neg xs, map (i8.min (-5)) xs, map (i8.max 0) xs,
   map u32.abs us, map u32.sgn us, map u32.neg us, map (u32.min 5) us, map (u32.max 5) us,
   i64.abs i64.lowest, i64.abs (-i64.highest) , i64.sgn (-42), i64.neg i64.lowest)
