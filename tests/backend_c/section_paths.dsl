-- Sections through fields and indices: (.a[0]) is \x -> x.a[0], (.[i].f) is
-- \x -> x[i].f, and a path may end in a slice, (.a.b[1:3]).
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 1i64 }
-- output { [1i32, 4i32] 5i32 [[2i32, 3i32], [5i32, 6i32]] [3i32, 6i32] [2i32, 5i32] [true] }

-- In a polymorphic function, at two types.
def seconds 't [n] (rs: [n]{a: [3]t}) : [n]t = map (.a[1]) rs

entry main (xss: [][3]i32) (i: i64) =
  let rs = map (\xs -> {a = xs, n = {b = xs}}) xss
  let firsts = map (.a[0]) rs
  let picked = (.[i].a[i]) rs
  let slices = map (.n.b[1:3]) rs
  let lasts = map (.[2]) (map (.n.b) rs)
  let bs = seconds (map (\a -> {a}) [[false, true, false]])
  in (firsts, picked, slices, lasts, seconds (map (\r -> {a = r.a}) rs), bs)
