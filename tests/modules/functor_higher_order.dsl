-- Functors passed to functors: a parameter of functor type is applied in the body, to
-- the other parameter or to a module built there; the argument may be a named functor,
-- an anonymous one, or a partial application.
-- ==
-- input { 1i32 } output { 3i32 4i32 7i32 9i32 }

module type op = { type a  val f: a -> a }

module apply_to (F: (X: op) -> { val f: X.a -> X.a }) (A: op) = {
  type a = A.a
  open (F A)
}

module twice (P: op) = { def f (x: P.a) = P.f (P.f x) }
module thrice = \(P: op) -> { def f (x: P.a) = P.f (P.f (P.f x)) }

module add_one = { type a = i32  def f (x: i32) = x + 1 }

module A2 = apply_to twice add_one
module A3 = apply_to thrice add_one
module A6 = apply_to twice A3

-- A functor whose parameter is a functor of two parameters, given a partial application.
module type has_k = { val k: i32 }
module add_k (K: has_k) (P: op with a = i32) = { def f (x: i32) = P.f x + K.k }
module with_k (G: (P: op with a = i32) -> { val f: i32 -> i32 }) = {
  module R = G add_one
  def go (x: i32) = R.f (R.f x)
}
module W = with_k (add_k { def k = 3i32 })

entry main (x: i32) : (i32, i32, i32, i32) = (A2.f x, A3.f x, A6.f x, W.go x)
