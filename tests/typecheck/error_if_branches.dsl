-- The branches of an if must have the same type.
-- ==
-- error: the branches of 'if' have different types: expected i32, found f32

entry main (b: bool) : i32 = if b then 1i32 else 2f32
