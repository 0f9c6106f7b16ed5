-- Projections are sizes compared as written: s.0 is not s.1.
-- ==
-- error: error_size_projection_mismatch\.dsl:5:38: error: the body does not have the declared return type: expected \[s\.0\]i32, found \*\[s\.1\]i32 \(sizes s\.0 and s\.1 do not match\)

def row (s: (i64, i64)) : [s.0]i32 = replicate s.1 0i32

entry main (n: i64) = row (n, n)
