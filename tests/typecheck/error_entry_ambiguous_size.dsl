-- An entry point whose result has a size that no parameter determines (here the size of
-- `rep x`, which only a use could decide) is rejected: the C API could not know it.
-- ==
-- error: 6:31: error: the size of this is ambiguous: it is not the size of any parameter of entry point 'main'

entry main (x: i32) = let a = rep x in a
