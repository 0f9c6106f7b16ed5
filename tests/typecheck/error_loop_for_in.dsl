-- for ... in needs an array.
-- ==
-- error: 'for \.\.\. in' needs an array, not i32

entry main (x: i32) : i32 = loop acc = 0 for y in x do acc + y
