-- Two applications of one functor have their own constants and local definitions.
-- ==
-- input { 5i64 } output { 11i64 16i64 [0i64, 2i64, 4i64] [0i64, 3i64, 6i64] }

module type has_r = { val r: i64 }

module mk (R: has_r) = {
  local def r2 = R.r
  def scale (x: i64) : i64 = x * r2 + 1
  def steps (n: i64) : [n]i64 = map (* r2) (iota n)
}

module A = mk { def r = 2i64 }
module B = mk { def r = 3i64 }

entry main (x: i64) : (i64, i64, [3]i64, [3]i64) = (A.scale x, B.scale x, A.steps 3, B.steps 3)
