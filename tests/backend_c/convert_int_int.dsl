-- Conversions between integer types: narrowing keeps the low bits, widening
-- sign-extends from a signed type to a signed type and zero-extends otherwise: from
-- unsigned types, and from signed ones to unsigned ones (u64.i8 (-1) is 255, as in
-- Futhark, where C would give 2^64 - 1).
-- ==
-- input { -1234567890123i64 200u8 -1i8 4294967295u32 }
-- output { 53i8 -1227i16 -1912276171i32 -1234567890123i64
--          53u8 64309u16 2382691125u32 18446742839141661493u64
--          -56i8 200i64 200u64 -1i64 255u64 255u8 255u16
--          4294967295i64 -1i32 65535u16 -1i16 }
entry main (x: i64) (a: u8) (b: i8) (c: u32) =
  (i8.i64 x, i16.i64 x, i32.i64 x, i64.i64 x, u8.i64 x, u16.i64 x, u32.i64 x, u64.i64 x,
   i8.u8 a, i64.u8 a, u64.u8 a, i64.i8 b, u64.i8 b, u8.i8 b, u16.i8 b,
   i64.u32 c, i32.u32 c, u16.u32 c, i16.u32 c)
