-- A size parameter used only in a function type is determined by no argument:
-- a use that does not fix it otherwise is ambiguous.
-- ==
-- error: error_size_ambiguous\.dsl:8:29: error: ambiguous size: no array in this use of 'apply_len' determines its size parameter

def apply_len [n] (g: [n]i64 -> i64) : i64 = n

entry main (x: i64) : i64 = apply_len (\xs -> xs[0]) + x
