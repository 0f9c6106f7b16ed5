-- A let-bound i64 whose expression cannot be a size (here an if) leaves scope as an
-- unknown size, so the result does not have the declared size n.
-- ==
-- error: error_size_let_bound_not_size\.dsl:7:3: error: the body does not have the declared return type: expected \[n\]i64, found \*\[m[0-9]+\]i64 \(sizes n and m[0-9]+ do not match\)

entry main (n: i64) (b: bool) : [n]i64 =
  let m = if b then n else n + 1
  in iota m
