-- A qualified name that its (numeric) module does not define.
-- ==
-- error: unknown name 'f32\.sqroot'

entry main (x: f32) : f32 = f32.sqroot x
