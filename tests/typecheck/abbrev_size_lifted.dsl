-- A type~ abbreviation with an unknown size: each use has a size of its own.
-- ==
-- input { 3i64 [1, 2] } output { 3i32 3i32 }
type~ vec = []i32
def mk (n: i64) : vec = replicate n 1
entry main (n: i64) (xs: []i32) : (i32, i32) =
  let a: vec = xs
  in (i32.sum (mk n), i32.sum a)
