-- An existential size used only in a function type is determined by no value.
-- ==
-- error: error_size_exist_function_only\.dsl:5:14: error: existential size 'k' is not the size of an array outside function types

type^ pick = ?[k].[k]bool -> bool
