-- A projection used as a size must be an i64.
-- ==
-- error: error_size_projection_not_i64\.dsl:5:28: error: a size must be an i64: expected i64, found i32

def row (s: (i32, i64)) : [s.0]i32 = replicate s.1 0

entry main (n: i64) = row (1, n)
