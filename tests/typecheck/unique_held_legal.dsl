-- Near misses of the held-value rule: a scalar read before the array is
-- consumed, a consuming call whose result is used in the same tuple, and an
-- argument computed before the array it came from is consumed.
-- ==
-- input { [1i32, 2i32] } output { 6i32 [5i32, 2i32] [9i32, 2i32] }

def upd (v: i32) (a: *[]i32) : *[]i32 = a with [0] = v

entry main (xs: []i32) : (i32, []i32, []i32) =
  let zs = copy xs
  let s = zs[0] + (let ys = zs with [0] = 5 in ys[0])
  let ws = copy xs
  in (s, upd 5 (copy xs), upd (ws[0] + 8) ws)
