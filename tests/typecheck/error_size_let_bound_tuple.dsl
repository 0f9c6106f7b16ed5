-- Only a let that binds one name replaces it by its expression (as in Futhark): the m
-- of a tuple pattern leaves scope as an unknown size, which is not n+1.
-- ==
-- error: error_size_let_bound_tuple\.dsl:7:3: error: the body does not have the declared return type: expected \[n\+1\]i64, found \*\[m[0-9]+\]i64

entry main (n: i64) : [n + 1]i64 =
  let (m, _) = (n + 1, 0i64)
  in iota m
