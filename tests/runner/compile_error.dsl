-- A program the compiler must reject: the runner checks the status, the message and
-- its FILE:LINE:COL: error: form.
-- ==
-- error: i32.*f32|f32.*i32

entry main (x: i32) : f32 = x
