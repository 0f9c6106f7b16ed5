-- The composition (+ 1) >-> f32.sqrt is a function on f32, not on i32.
-- ==
-- error: expected f32, found i32

entry main (x: i32) : f32 = ((+ 1) >-> f32.sqrt) x
