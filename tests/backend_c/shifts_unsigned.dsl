-- << and >> on unsigned integers: >> is logical (fills with zeros, also above the
-- signed range) and an amount of at least the bit width gives 0.
-- ==
-- input { [255u8, 1u8, 1u8, 200u8, 128u8] [1u8, 7u8, 8u8, 8u8, 255u8] }
-- output { [254u8, 128u8, 0u8, 0u8, 0u8] [127u8, 0u8, 0u8, 0u8, 0u8]
--          [1u64, 0u64, 9223372036854775808u64, 0u64] [2147483647u32, 4294967294u32, 0u32] 32768u16 }
entry main [n] (a: [n]u8) (b: [n]u8) =
  (map2 (<<) a b, map2 (>>) a b,
   [u64.highest >> 63, u64.highest >> 64, 1 << 63, 1 << 200],
   [u32.highest >> 1, u32.highest << 1, 1 << 32], 1u16 << 15)
