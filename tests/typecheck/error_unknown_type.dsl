-- An unknown type name is reported by name.
-- ==
-- error: unknown type 'int'

entry main (x: int) : i32 = 0
