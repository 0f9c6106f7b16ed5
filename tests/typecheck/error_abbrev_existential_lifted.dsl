-- An abbreviation with an existential size hides a size, so it must be declared type~
-- (or type^), as in Futhark.
-- ==
-- error: error_abbrev_existential_lifted\.dsl:6:1: error: type 'pair' hides a size .*declare it with type~

type pair = ?[n].([n]i32, [n]i32)

entry main (x: i64) : i64 = x
