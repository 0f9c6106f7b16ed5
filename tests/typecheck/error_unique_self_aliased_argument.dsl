-- A tuple given for a consuming parameter may not hold the same array twice.
-- ==
-- error: error_unique_self_aliased_argument\.dsl:9:25: error: argument passed for a consuming parameter holds 'x' twice

def swap (t: *([]i64, []i64)) : *([]i64, []i64) = (t.1, t.0)

entry main (n: i64) : ([]i64, []i64) =
  let x = iota n
  let (p, q) = swap (x, x)
  let p[0] = 7
  in (p, q)
