-- Slices with computed bounds have existential sizes; constant-start slices of [n] are [n-i].
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] 1i64 3i64 } output { [2i32, 3i32] [2i32, 3i32, 4i32] [4i32, 3i32, 2i32, 1i32] 2i64 }

def rest [n] (xs: [n]i32) : [n-1]i32 = xs[1:]

entry main [n] (xs: [n]i32) (i: i64) (j: i64) : ([]i32, [n-1]i32, []i32, i64) =
  let s = xs[i:j]
  in (s, rest xs, xs[::-1], length s)
