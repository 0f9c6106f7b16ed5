-- An unknown variable is reported by name.
-- ==
-- error: error_unknown_name\.dsl:5:33: error: unknown name 'y'

entry main (x: i32) : i32 = x + y
