-- Array indices may be of any integer type, but not of another type.
-- ==
-- error: an index must be an integer, but this has type f32

entry main (xs: []i32) (x: f32) : i32 = xs[x]
