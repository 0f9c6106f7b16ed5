-- M.v.f is the field f of the value v of module M; a local variable M shadows module M.
-- ==
-- input { 1 } output { 2.5f64 6 }
module M = { def rec = {x = 2.5f64, n = 1i32} def k = 1i32 }
entry main (a: i32) : (f64, i32) = (M.rec.x, let M = {k = 5i32} in M.k + a)
