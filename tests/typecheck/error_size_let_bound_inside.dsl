-- Inside its scope a let-bound size is its name: [m] is not [n+1] there, as in Futhark
-- (sizes unify as written). Only where m leaves scope does n+1 replace it.
-- ==
-- error: error_size_let_bound_inside\.dsl:7:34: error: cannot apply .zip. to this argument: expected \[m\]b, found \*\[n\+1\]i64 \(sizes m and n\+1 do not match\)

entry main (n: i64) : [n + 1](i64, i64) =
  let m = n + 1 in zip (iota m) (iota (n + 1))
