-- The f16 module has the members of the other float modules, f16 literals take the
-- f16 suffix or their type from context, and conversions go in every direction.
-- ==
-- input { 1.5f16 } output { 2.5f16 3i32 1.5f64 15872u16 true 0.5f16 }

entry main (x: f16) : (f16, i32, f64, u16, bool, f16) =
  let one: f16 = 1
  in (x + one, i32.f16 (x * 2), f64.f16 x, f16.to_bits x, !(f16.isnan x) && f16.abs x > 1f16,
      f16.from_bits (f16.to_bits x) - 1.0)
