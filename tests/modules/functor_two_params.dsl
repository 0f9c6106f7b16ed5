-- A functor of two parameters `module F (A: S) (B: T) = ...`.
-- ==
-- input { 2i64 } output { 8i64 10i64 }

module type has_r = { val r: i64 }

module type num = {
  type t
  val mul: t -> t -> t
  val from_i64: i64 -> t
}

module scale (N: num) (R: has_r) = {
  def go (x: N.t) : N.t = N.mul x (N.from_i64 R.r)
}

module int = { type t = i64  def mul (a: i64) (b: i64) = a * b  def from_i64 (x: i64) = x }
module four = { def r = 4i64 }
module five = { def r = 5i64 }

module S4 = scale int four
module S5 = scale (int) (five)

entry main (x: i64) : (i64, i64) = (S4.go x, S5.go x)
