-- A bound of a slice is an i64, as in Futhark: `k` below, of literal type, becomes an
-- i64 by its use in the slice, where an index `xs[j]` leaves `j` to default to i32.
-- ==
-- input { [10, 20, 30] } output { [10, 20] 2i64 1i32 20 }

entry main (xs: []i32) =
  let k = 2
  let j = 1
  in (xs[0:k], k, j, xs[j])
