-- Near misses of the rule on top-level arrays: a function may return one to be
-- read, and a copy of one may be updated in place.
-- ==
-- input { true 9i32 } output { [9i32, 2i32, 3i32] 6i32 }

def table : []i32 = [1, 2, 3]
def pick (b: bool) : []i32 = if b then table else [0, 0, 0]

entry main (b: bool) (v: i32) : ([]i32, i32) =
  let t = copy (pick b)
  let t[0] = v
  in (t, reduce (+) 0 (pick b))
