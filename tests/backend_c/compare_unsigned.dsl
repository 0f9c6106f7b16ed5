-- Comparisons of unsigned values above the signed range compare as unsigned (200u8 is
-- greater than 100u8), while the same bits as signed numbers compare as negative.
-- ==
-- input { [200u8, 100u8, 255u8, 0u8] [100u8, 200u8, 0u8, 0u8] 3000000000u32 18446744073709551615u64 }
-- output { [false, true, false, false] [false, true, false, true] [true, false, true, false]
--          [true, false, true, true] [false, false, false, true] [true, true, true, false]
--          true true [true, false] }
entry main [n] (a: [n]u8) (b: [n]u8) (c: u32) (d: u64) =
  (map2 (<) a b, map2 (<=) a b, map2 (>) a b, map2 (>=) a b, map2 (==) a b, map2 (!=) a b,
   c > 5, d > 9223372036854775807,
   [i8.u8 200 < i8.u8 100, u32.highest < 1])
