-- A module expression that names no module.
-- ==
-- error: error_unknown_module\.dsl:5:12: error: unknown module 'nothere'

module T = nothere

entry main (x: i32) : i32 = x
