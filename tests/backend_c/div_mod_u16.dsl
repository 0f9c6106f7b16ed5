-- u16 division: / and // agree, and so do % and %%, on values above the signed
-- range (unsigned semantics, no sign extension).
-- ==
-- input { [250u16, 65535u16, 65535u16, 65534u16, 0u16, 32768u16, 100u16, 65535u16]
--          [7u16, 2u16, 65535u16, 65535u16, 3u16, 3u16, 32768u16, 1u16] }
-- output { [35u16, 32767u16, 1u16, 0u16, 0u16, 10922u16, 0u16, 65535u16] [5u16, 1u16, 0u16, 65534u16, 0u16, 2u16, 100u16, 0u16]
--           [35u16, 32767u16, 1u16, 0u16, 0u16, 10922u16, 0u16, 65535u16] [5u16, 1u16, 0u16, 65534u16, 0u16, 2u16, 100u16, 0u16] }
entry main [n] (a: [n]u16) (b: [n]u16) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
