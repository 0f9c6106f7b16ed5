-- Two applications of each of two functors (functor_specialised_ir.sh checks the IR).
-- ==
-- input { 5i64 [1i32, 2i32, 3i32] } output { 11i64 16i64 6i32 6.0f64 }

-- tests/modules/functor_specialised_ir.sh checks that the IR after internalise holds a
-- separate specialised function for each application.

module type has_r = { val r: i64 }

module type num = {
  type t
  val zero: t
  val add: t -> t -> t
}

module scaler (R: has_r) = {
  def scale (x: i64) : i64 = x * R.r + 1
}

module summer (N: num) = {
  def total [n] (xs: [n]N.t) : N.t = reduce N.add N.zero xs
}

module A = scaler { def r = 2i64 }
module B = scaler { def r = 3i64 }
module I = summer { type t = i32  def zero = 0i32  def add (a: i32) (b: i32) = a + b }
module F = summer { type t = f64  def zero = 0f64  def add (a: f64) (b: f64) = a + b }

entry main (x: i64) (xs: []i32) : (i64, i64, i32, f64) =
  (A.scale x, B.scale x, I.total xs, F.total (map f64.i32 xs))
