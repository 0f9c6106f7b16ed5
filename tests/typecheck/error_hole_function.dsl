-- A hole may stand for a function; its type is given as it is known at the end of
-- the definition.
-- ==
-- error: 6:40: error: hole of type i32 -> bool

entry main (xs: []i32) = filter (\x -> ??? x) xs
