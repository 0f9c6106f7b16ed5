-- A definition with two size parameters of the same name.
-- ==
-- error: error_size_param_twice\.dsl:5:11: error: parameter 'n' is given twice

def f [n] [n] (x: [n]i32) : i32 = 0

entry main (x: i32) : i32 = x
