-- A lambda's annotated parameter type must match the type the context gives it.
-- ==
-- error: lambda parameter: expected i32, found bool

entry main (xs: []i32) : []bool = map (\(b: bool) -> !b) xs
