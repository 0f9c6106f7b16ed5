-- An existential size in the result of a function type inside an abbreviation would be
-- fresh at every call: not supported, and said so.
-- ==
-- error: error_abbrev_existential_function\.dsl:6:18: error: an existential size in the result of a function type is not supported in a type abbreviation

type^ f = i64 -> ?[n].[n]i32

entry main (x: i64) : i64 = x
