-- Module types with every kind of specification, ascribed modules, functors
-- with two parameters, applied fully, partially and to an anonymous module,
-- module lambdas, open and local.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 12i32 4i64 1i64 2i64 }

module type num = {
  type t
  val zero : t
  val + : t -> t -> t
  val from_i32 : i32 -> t
}

module type has_r = { val r : i64 }

module type both = {
  include num
  module R : has_r
  type~ u
  type^ f 'a
  type pair 'a = (a, a)
}

module type functor = (P : num) -> has_r
module type functor2 = num -> has_r -> num with t = i32

module i32num : num with t = i32 = {
  type t = i32
  def zero = 0i32
  def (+) (a: i32) (b: i32) : i32 = a - (-b)
  def from_i32 (x: i32) : i32 = x
}

module sum (N: num) (R: has_r) = {
  open N
  local def twice (x: t) : t = x + x
  def run (xs: []i32) : t = reduce (+) zero (map from_i32 xs) |> twice
  def r = R.r
}

module S1 = sum i32num
module S2 = S1({ def r = 4i64 })
module S3 = sum i32num ({ def r = 1i64 } : has_r)
module L = \(P: num) : has_r -> { def r = 2i64 }
module L1 = L(i32num)

entry main (xs: []i32) : (i32, i64, i64, i64) = (S2.run xs, S2.r, S3.r, L1.r)
