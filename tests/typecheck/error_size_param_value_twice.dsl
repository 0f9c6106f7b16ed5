-- A value parameter may not have the name of a size parameter.
-- ==
-- error: error_size_param_value_twice\.dsl:6:29: error: 'n' is bound twice in the parameters
-- error: error_size_param_value_twice\.dsl:6:11: note: first bound here

def count [n] (xs: [n]i32) (n: i64) : i64 = n + length xs

entry main (xs: []i32) : i64 = count xs 3
