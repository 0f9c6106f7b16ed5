-- mul_hi is a member of the integer modules only (Futhark's `integral`).
-- ==
-- error: unknown name 'f32.mul_hi'

entry main (x: f32) : f32 = f32.mul_hi x x
