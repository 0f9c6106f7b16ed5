-- The let forms of update paths: `let r.f = v`, `let r.a[i] = v`, `let xs[i].f = v`
-- mean `let r = r with PATH = v`.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { 11i32 [1i32, 2i32, 100i32] true [0i32, 5i32] 6i32 }

entry main (xs: []i32) =
  let r = {n = 10i32, vals = copy xs, flag = false}
  let r.n = r.n + 1
  let r.vals[2] = 100
  let r.flag = !r.flag
  let ps = [{p = 0i32, q = 0i32}, {p = 0i32, q = 6i32}]
  let ps[1].p = 5
  let s = {inner = {k = 3i32}}
  let s.inner.k = s.inner.k * 2
  in (r.n, r.vals, r.flag, map (.p) ps, s.inner.k)
