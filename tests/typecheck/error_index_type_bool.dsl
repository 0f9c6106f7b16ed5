-- A slice bound must be an integer too.
-- ==
-- error: 5:48: error: an index must be an integer, but this has type bool

entry main (xs: []i32) (b: bool) : []i32 = xs[:b]
