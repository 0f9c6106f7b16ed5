-- An anonymous size in a type abbreviation, used only in a function type, is
-- determined by no value.
-- ==
-- error: error_abbrev_anonymous_function\.dsl:6:1: error: type 'pred' has an anonymous size \[\] that is not the size of an array outside function types

type^ pred = []f32 -> bool
