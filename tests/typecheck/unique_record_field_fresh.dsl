-- A record field that holds a fresh array can be updated in place; the record
-- built from the result is fresh again.
-- ==
-- input { [1i32, 2i32] } output { [10i32, 2i32] 3i32 }

entry main (xs: []i32) : ([]i32, i32) =
  let r = {vals = copy xs, n = 3i32}
  let n = r.n
  let r2 = {vals = r.vals with [0] = 10, n}
  in (r2.vals, r2.n)
