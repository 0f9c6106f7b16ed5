-- A unique parameter *[]i32 may be updated in place; the caller passes a fresh array.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [1i32, 42i32, 3i32] [1i32, 2i32, 3i32] }

def set_at [n] (xs: *[n]i32) (i: i64) (v: i32) : *[n]i32 = xs with [i] = v

entry main (xs: []i32) : ([]i32, []i32) =
  let ys = set_at (copy xs) 1 42
  in (ys, xs)
