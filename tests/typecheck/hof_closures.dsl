-- Closures: a returned lambda captures a sized array, a record holds a function next to a
-- value that is updated, and built-ins are partially applied.
-- ==
-- input { [5i32, 6i32] } output { [5i32, 6i32] 5i32 6i32 [6i32, 7i32] [7i32, 7i32, 7i32] 11i32 }

def app '^a '^b (f: a -> b) : a -> b = f
def getter [n] (xs: [n]i32) : i64 -> i32 = \i -> xs[i]

entry main (xs: []i32) : ([]i32, i32, i32, []i32, []i32, i32) =
  let g = getter xs
  let r = {f = \(y: i32) -> y + 1, v = 0}
  let r = r with v = 5
  let m = map (+1)
  let rep = replicate 3
  let red = reduce (+) 0
  in (map g (iota 2), (app g) 0, r.f r.v, m xs, rep 7, red xs)
