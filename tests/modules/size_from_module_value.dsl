-- A module's i64 value as a size in a functor's types.
-- ==
-- input { 7i32 } output { [7i32, 7i32, 7i32] [0i64, 1i64, 2i64, 3i64, 4i64] 8i64 }

module type has_n = { val n: i64 }

module vec (N: has_n) = {
  def fill (x: i32) : [N.n]i32 = replicate N.n x
  def idx : [N.n]i64 = iota N.n
  def len (xs: [N.n]i32) : i64 = length xs
}

module three = { def n = 3i64 }
module V3 = vec three
module V5 = vec { def n = 5i64 }
module V8 = vec { def n = 8i64 }

entry main (x: i32) : ([three.n]i32, [5]i64, i64) =
  (V3.fill x, V5.idx :> [5]i64, V8.len (V8.fill x))
