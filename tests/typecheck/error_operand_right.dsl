-- Both operands of + must have the same type: i32 and f32 differ.
-- ==
-- error: the right operand of '\+' has type f32, but i32 is expected \(i32 and f32 do not match\)

entry main (x: i32) (y: f32) : i32 = x + y
