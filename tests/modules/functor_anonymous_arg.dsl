-- A functor applied to anonymous modules: `F({ def r = 4i64 })` and `F { ... }`.
-- ==
-- input { 3i64 } output { 12i64 21i64 }

module type has_r = { val r: i64 }

module times (R: has_r) = {
  def go (x: i64) : i64 = x * R.r
}

module T4 = times({ def r = 4i64 })
module T7 = times { def r = 7i64 }

entry main (x: i64) : (i64, i64) = (T4.go x, T7.go x)
