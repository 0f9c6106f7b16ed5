-- A qualified name whose module does not exist.
-- ==
-- error: unknown module 'g32'

entry main (x: f32) : f32 = g32.sqrt x
