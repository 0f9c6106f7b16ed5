-- `module F (P: S) : R = { ... }` applied to two modules, each with its own types.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 6i32 6.0f64 }

module type num = {
  type t
  val zero: t
  val add: t -> t -> t
}

module type summer = {
  type elem
  val sum [n]: [n]elem -> elem
}

module mk_sum (N: num) : summer with elem = N.t = {
  type elem = N.t
  def sum [n] (xs: [n]elem) : elem = reduce N.add N.zero xs
}

module int = { type t = i32  def zero = 0i32  def add (a: i32) (b: i32) = a + b }
module real = { type t = f64  def zero = 0f64  def add (a: f64) (b: f64) = a + b }

module sum_int = mk_sum int
module sum_real = mk_sum real

entry main (xs: []i32) : (i32, f64) = (sum_int.sum xs, sum_real.sum (map f64.i32 xs))
