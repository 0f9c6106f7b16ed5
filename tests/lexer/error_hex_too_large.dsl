-- Hexadecimal literals are bounded by 64 bits as well.
-- ==
-- error: 5:33: error: integer literal too large

entry main (x: u64) : u64 = x + 0x1_0000_0000_0000_0000u64
