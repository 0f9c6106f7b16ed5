-- Record types, literals with {x} shorthand and numbered fields, projection,
-- and record patterns in parameters.
-- ==
-- input { 3i32 } output { 5i32 -2i32 8i32 }

type point = {x: i32, y: i32}

def norm1 ({x, y}: point) : i32 = i32.abs x + i32.abs y

entry main (a: i32) : (i32, i32, i32) =
  let x = a
  let p: point = {x, y = -2}
  let q = {0 = 7, 1 = 8}
  in (norm1 p, p.y, q.1)
