-- Converting a 64-bit integer to f32 rounds once, to the nearest f32: 2^60 + 2^36 + 1
-- is just above the midpoint of two f32 values and must round up (going through f64
-- first would round to the midpoint and then down to even).
-- ==
-- input { 1152921573326323713i64 9223372586610589697u64 -1152921573326323713i64 }
-- output { 1568669697u32 1593835521u32 3716153345u32 }
entry main (a: i64) (b: u64) (c: i64) =
  (f32.to_bits (f32.i64 a), f32.to_bits (f32.u64 b), f32.to_bits (f32.i64 c))
