-- Records: construction, projection, nested records, functional update of a field
-- and of a nested field (r with a.b = v), record patterns, field punning, and field
-- order not mattering.
-- ==
-- input { 3f32 4f32 }
-- output { 5f32 3f32 100f32 4f32 1i32 42i32 2i32 7f32 12f32 }
type point = {x: f32, y: f32}

def norm (p: point) : f32 = f32.sqrt (p.x * p.x + p.y * p.y)

entry main (x: f32) (y: f32) =
  let p : point = {y = y, x = x}
  let q = p with x = 100
  let r = {a = {b = 1i32, c = 2i32}, d = p}
  let r2 = r with a.b = 42
  let {x = px, y = py} = p
  let punned = {x, y}
  in (norm p, p.x, q.x, q.y, r.a.b, r2.a.b, r2.a.c, px + py, punned.x * punned.y)
