-- Integer literals: decimal, hexadecimal, binary, '_' separators after the
-- first digit, and every suffix; unsuffixed literals take their type from context.
-- ==
-- input { 1i64 }
-- output { 127i8 32767i16 10i32 1000001i64 255u8 65535u16 240u32
--          18446744073709551615u64 16i64 3i64 12i64 }

entry main (x: i64) : (i8, i16, i32, i64, u8, u16, u32, u64, i64, i64, i64) =
  ( 127i8, 0x7fffi16, 0b1010i32, 1_000_000i64 + x, 0xffu8, 65_535u16
  , 0B1111_0000u32, 0xFFFF_FFFF_FFFF_FFFFu64, 0x10, 0b11, 1_2 )
