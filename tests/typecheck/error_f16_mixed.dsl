-- f16 and f32 are distinct types: mixing them needs a conversion (f32.f16, f16.f32).
-- ==
-- error: :6:15: error: the right operand of '\+' has type f32, but f16 is expected \(f16 and f32 do not match\)

entry main (x: f16) (y: f32) : f16 =
  let z = x + y
  in z
