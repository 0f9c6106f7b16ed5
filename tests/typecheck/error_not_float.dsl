-- '!' is not defined on floats.
-- ==
-- error: '!' applies to bool and integers, not to f32

entry main (x: f32) : f32 = !x
