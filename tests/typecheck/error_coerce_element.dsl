-- A coercion changes sizes only, not the element type.
-- ==
-- error: the value cannot be coerced to this type: expected \[.*\]f32, found \[.*\]i32 \(f32 and i32 do not match\)

entry main (xs: []i32) : []f32 = xs :> [2]f32
