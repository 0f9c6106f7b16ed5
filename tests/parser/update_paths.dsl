-- The syntax of update paths: a first step that is a field or an index list, then
-- `.field` and `[indices]` steps in any order; in `let`, the name then the steps.
-- ==
-- input { 2i64 } output { [[0i32, 0i32], [0i32, 4i32]] 3i32 [1i32, 0i32] 8i32 6i32 }

entry main (n: i64) =
  let m = replicate n (replicate n {v = 0i32, w = (0i32, 0i32)})
  let m = m with [1, 1].v = 4
  let m = m with [0][1].w.1 = 3
  let r = {t = ([0i32, 0i32], 5i32), u = {z = 7i32}}
  let r = r with t.0[0] = 1
  let r.u.z = r.u.z + 1
  let r.t.1 = 6
  in (map (map (.v)) m, m[0, 1].w.1, r.t.0, r.u.z, r.t.1)
