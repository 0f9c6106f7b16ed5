-- Shadowing: a let rebinds a name (its new type may differ), parameters shadow top-level names.
-- ==
-- input { 5i32 } output { 12.0f64 6i32 true 3i32 }

def x = 3i32
def f (x: i32) : i32 = x + 1

entry main (y: i32) : (f64, i32, bool, i32) =
  let a = y + 1
  let a = f64.i32 a * 2
  let b = let y = y + 1 in y
  let c = let f = \(v: i32) -> v > 0 in f y
  in (a, b, c, x)
