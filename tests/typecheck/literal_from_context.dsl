-- Unsuffixed literals take their type from context: ascriptions, annotated bindings, operands.
-- ==
-- input { 2f32 } output { 3f32 255u8 -128i8 18446744073709551615u64 4.5f32 -2i16 }

entry main (x: f32) : (f32, u8, i8, u64, f32, i16) =
  let a = x + (1 : f32)
  let b: u8 = 255
  let c: i8 = -128
  let d: u64 = 18446744073709551615
  let e = 2.5 + x
  let f = -2 : i16
  in (a, b, c, d, e, f)
