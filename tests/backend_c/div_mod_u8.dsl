-- u8 division: / and // agree, and so do % and %%, on values above the signed
-- range (unsigned semantics, no sign extension).
-- ==
-- input { [250u8, 255u8, 255u8, 254u8, 0u8, 128u8, 100u8, 255u8]
--          [7u8, 2u8, 255u8, 255u8, 3u8, 3u8, 128u8, 1u8] }
-- output { [35u8, 127u8, 1u8, 0u8, 0u8, 42u8, 0u8, 255u8] [5u8, 1u8, 0u8, 254u8, 0u8, 2u8, 100u8, 0u8]
--           [35u8, 127u8, 1u8, 0u8, 0u8, 42u8, 0u8, 255u8] [5u8, 1u8, 0u8, 254u8, 0u8, 2u8, 100u8, 0u8] }
entry main [n] (a: [n]u8) (b: [n]u8) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
