-- The value reader wraps negative literals of unsigned types around, as Futhark's
-- does: -1u8 reads as 255, -300u8 as 212, -1u64 as 2^64-1.
-- ==
-- input { -1u8 [-1u16, -2u16, 3u16] -1u32 -1u64 [[-128u8, -256u8], [-300u8, 0u8]] }
-- output { 255u8 [65535u16, 65534u16, 3u16] 4294967295u32 18446744073709551615u64
--          [[128u8, 0u8], [212u8, 0u8]] }

entry main (a: u8) (b: []u16) (c: u32) (d: u64) (e: [][]u8) = (a, b, c, d, e)
