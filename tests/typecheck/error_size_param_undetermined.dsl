-- A size parameter that no parameter's type mentions cannot be determined by a call.
-- ==
-- error: error_size_param_undetermined\.dsl:5:10: error: size parameter 'n' of 'make' is not the size of any parameter

def make [n] (x: i32) : [n]i32 = replicate n x

entry main (x: i32) : i32 = x
