-- An ascription to a module type that does not exist.
-- ==
-- error: error_unknown_module_type\.dsl:5:12: error: unknown module type 'nosig'

module M : nosig = { def x = 1i32 }

entry main (x: i32) : i32 = x
