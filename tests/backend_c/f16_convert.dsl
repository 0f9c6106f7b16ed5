-- Conversions to and from f16 in every direction, each rounded once (Note [f16] in
-- rts/c/scalar.h): integers to nearest with ties to even (2049 -> 2048, 2051 -> 2052),
-- past 65519 to inf; f64 to f16 without the double rounding that going through f32
-- would give (1 + 2^-11 + 2^-40 must round up); f16 to integers truncates and wraps
-- around (u8 of -2.5 is 254), NaN and the infinities give 0. `roundtrip` converts all 65,536 f16 bit patterns to f32 and
-- back, on OpenCL in kernels: every non-NaN comes back to its bits, every NaN stays a
-- NaN, and the sum of the f32 bits is the one computed independently.
-- ==
-- entry: to_f16
-- input { [2049, 2051, 65519, 65520, -70000, 0, -3]
--         [9223372036854775807i64, -2049i64, 16777217i64]
--         [1.00048828125f32, 65519.99f32, 1e-8f32, -0.0f32, f32.inf, 3.1415927f32]
--         [1.0004882812509095f64, 1.0004882812490905f64, 1e300f64, -1e-300f64, 0.1f64]
--         [18446744073709551615u64, 1024u64]
--         [true, false] }
-- output { [26624u16, 26626u16, 31743u16, 31744u16, 64512u16, 0u16, 49664u16]
--          [31744u16, 59392u16, 31744u16]
--          [15360u16, 31743u16, 0u16, 32768u16, 31744u16, 16968u16]
--          [15361u16, 15360u16, 31744u16, 32768u16, 11878u16]
--          [31744u16, 25600u16]
--          [15360u16, 0u16] }
-- entry: from_f16
-- input { [1.5f16, -2.5f16, 65504f16, -65504f16, f16.inf, -f16.inf, f16.nan,
--          0.000061035156f16, 5.96e-8f16] }
-- output { [1, -2, 65504, -65504, 0, 0, 0, 0, 0]
--          [1i64, -2i64, 65504i64, -65504i64, 0i64, 0i64, 0i64, 0i64, 0i64]
--          [1u8, 254u8, 224u8, 32u8, 0u8, 0u8, 0u8, 0u8, 0u8]
--          [1.5f32, -2.5f32, 65504f32, -65504f32, f32.inf, -f32.inf, f32.nan,
--           6.1035156e-05f32, 5.9604645e-08f32]
--          [1.5f64, -2.5f64, 65504f64, -65504f64, f64.inf, -f64.inf, f64.nan,
--           6.103515625e-05f64, 5.960464477539063e-08f64]
--          [true, true, true, true, true, true, true, true, true] }
-- entry: roundtrip
-- input { 65536i64 } output { 0i64 2046i64 136060361244672u64 }

entry to_f16 (a: []i32) (b: []i64) (c: []f32) (d: []f64) (e: []u64) (f: []bool) =
  ( map (\x -> f16.to_bits (f16.i32 x)) a
  , map (\x -> f16.to_bits (f16.i64 x)) b
  , map (\x -> f16.to_bits (f16.f32 x)) c
  , map (\x -> f16.to_bits (f16.f64 x)) d
  , map (\x -> f16.to_bits (f16.u64 x)) e
  , map (\x -> f16.to_bits (f16.bool x)) f )

entry from_f16 (x: []f16) =
  (map i32.f16 x, map i64.f16 x, map u8.f16 x, map f32.f16 x, map f64.f16 x, map bool.f16 x)

entry roundtrip (n: i64) : (i64, i64, u64) =
  let xs = map (\i -> f16.from_bits (u16.i64 i)) (iota n)
  let back (x: f16) = f16.f32 (f32.f16 x)
  let bad = map (\x -> if !(f16.isnan x) && f16.to_bits (back x) != f16.to_bits x then 1 else 0) xs
  let nans = map (\x -> if f16.isnan x && f32.isnan (f32.f16 x) && f16.isnan (back x)
                        then 1 else 0) xs
  let sum = map (\x -> if f16.isnan x then 0 else u64.u32 (f32.to_bits (f32.f16 x))) xs
  in (i64.sum bad, i64.sum nans, u64.sum sum)
