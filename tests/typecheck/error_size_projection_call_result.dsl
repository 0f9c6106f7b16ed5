-- A call whose argument is not a variable or a literal gives a fresh existential size
-- for a projection of the parameter, which is not the size the caller declares.
-- ==
-- error: error_size_projection_call_result\.dsl:9:3: error: the body does not have the declared return type: expected \[n\]i32, found \[d[0-9]+\]i32

def row (s: (i64, i64)) : [s.0]i32 = replicate s.0 0

entry main (n: i64) : [n]i32 =
  row (if n > 0 then (n, 0) else (n, 1))
