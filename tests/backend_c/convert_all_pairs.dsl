-- Conversions between every pair of primitive types (i8 ... u64, f32, f64, bool), each
-- from one value that exercises the conversion: negative to unsigned, wide to narrow
-- (wrapping), integers to floats (rounding once to nearest), floats to integers
-- (truncating and wrapping around, as Futhark's do) and to and from bool. A signed value
-- converts to a wider unsigned type by zero extension, as in Futhark (u16.i8 (-100) is
-- 156, not C's 65436).
-- ==
-- entry: from_i8
-- input { -100i8 }
-- output { -100i8 -100i16 -100i32 -100i64 156u8 156u16 156u32 156u64 -100.0f32 -100.0f64 true }
-- entry: from_i16
-- input { -30000i16 }
-- output { -48i8 -30000i16 -30000i32 -30000i64 208u8 35536u16 35536u32 35536u64 -30000.0f32 -30000.0f64 true }
-- entry: from_i32
-- input { -2000000000i32 }
-- output { 0i8 27648i16 -2000000000i32 -2000000000i64 0u8 27648u16 2294967296u32 2294967296u64 -2000000000.0f32 -2000000000.0f64 true }
-- entry: from_i64
-- input { -5000000000001i64 }
-- output { -1i8 -20481i16 -658067457i32 -5000000000001i64 255u8 45055u16 3636899839u32 18446739073709551615u64 -4999999913984.0f32 -5000000000001.0f64 true }
-- entry: from_u8
-- input { 200u8 }
-- output { -56i8 200i16 200i32 200i64 200u8 200u16 200u32 200u64 200.0f32 200.0f64 true }
-- entry: from_u16
-- input { 60000u16 }
-- output { 96i8 -5536i16 60000i32 60000i64 96u8 60000u16 60000u32 60000u64 60000.0f32 60000.0f64 true }
-- entry: from_u32
-- input { 4000000001u32 }
-- output { 1i8 10241i16 -294967295i32 4000000001i64 1u8 10241u16 4000000001u32 4000000001u64 4000000000.0f32 4000000001.0f64 true }
-- entry: from_u64
-- input { 18000000000000000001u64 }
-- output { 1i8 1i16 -989331455i32 -446744073709551615i64 1u8 1u16 3305635841u32 18000000000000000001u64 1.8000000404716257e+19f32 1.8e+19f64 true }
-- entry: from_f32
-- input { -123.75f32 }
-- output { -123i8 -123i16 -123i32 -123i64 133u8 65413u16 4294967173u32 18446744073709551493u64 -123.75f32 -123.75f64 true }
-- entry: from_f64
-- input { 3000000000.75f64 }
-- output { 0i8 24064i16 -1294967296i32 3000000000i64 0u8 24064u16 3000000000u32 3000000000u64 3000000000.0f32 3000000000.75f64 true }
-- entry: from_bool
-- input { true }
-- output { 1i8 1i16 1i32 1i64 1u8 1u16 1u32 1u64 1.0f32 1.0f64 true }
entry from_i8 (x: i8) =
  (i8.i8 x, i16.i8 x, i32.i8 x, i64.i8 x, u8.i8 x, u16.i8 x, u32.i8 x, u64.i8 x, f32.i8 x, f64.i8 x, bool.i8 x)
entry from_i16 (x: i16) =
  (i8.i16 x, i16.i16 x, i32.i16 x, i64.i16 x, u8.i16 x, u16.i16 x, u32.i16 x, u64.i16 x, f32.i16 x, f64.i16 x, bool.i16 x)
entry from_i32 (x: i32) =
  (i8.i32 x, i16.i32 x, i32.i32 x, i64.i32 x, u8.i32 x, u16.i32 x, u32.i32 x, u64.i32 x, f32.i32 x, f64.i32 x, bool.i32 x)
entry from_i64 (x: i64) =
  (i8.i64 x, i16.i64 x, i32.i64 x, i64.i64 x, u8.i64 x, u16.i64 x, u32.i64 x, u64.i64 x, f32.i64 x, f64.i64 x, bool.i64 x)
entry from_u8 (x: u8) =
  (i8.u8 x, i16.u8 x, i32.u8 x, i64.u8 x, u8.u8 x, u16.u8 x, u32.u8 x, u64.u8 x, f32.u8 x, f64.u8 x, bool.u8 x)
entry from_u16 (x: u16) =
  (i8.u16 x, i16.u16 x, i32.u16 x, i64.u16 x, u8.u16 x, u16.u16 x, u32.u16 x, u64.u16 x, f32.u16 x, f64.u16 x, bool.u16 x)
entry from_u32 (x: u32) =
  (i8.u32 x, i16.u32 x, i32.u32 x, i64.u32 x, u8.u32 x, u16.u32 x, u32.u32 x, u64.u32 x, f32.u32 x, f64.u32 x, bool.u32 x)
entry from_u64 (x: u64) =
  (i8.u64 x, i16.u64 x, i32.u64 x, i64.u64 x, u8.u64 x, u16.u64 x, u32.u64 x, u64.u64 x, f32.u64 x, f64.u64 x, bool.u64 x)
entry from_f32 (x: f32) =
  (i8.f32 x, i16.f32 x, i32.f32 x, i64.f32 x, u8.f32 x, u16.f32 x, u32.f32 x, u64.f32 x, f32.f32 x, f64.f32 x, bool.f32 x)
entry from_f64 (x: f64) =
  (i8.f64 x, i16.f64 x, i32.f64 x, i64.f64 x, u8.f64 x, u16.f64 x, u32.f64 x, u64.f64 x, f32.f64 x, f64.f64 x, bool.f64 x)
entry from_bool (x: bool) =
  (i8.bool x, i16.bool x, i32.bool x, i64.bool x, u8.bool x, u16.bool x, u32.bool x, u64.bool x, f32.bool x, f64.bool x, bool.bool x)
