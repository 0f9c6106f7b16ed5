-- A functor spec that uses an abstract type with a parameter of the module type: the
-- functor inside works on the definition (c a = [2]a), its users on the abstract c.
-- ==
-- input { 5i32 } output { 11i32 6i32 }

module type pairs = {
  type c 'a
  val mk 'a: a -> a -> c a
  val fst 'a: c a -> a
  module Swap: (X: { val p: c i32 }) -> { val q: c i32 }
}

module arr : pairs = {
  type c 'a = [2]a
  def mk 'a (x: a) (y: a) : c a = [x, y]
  def fst 'a (p: c a) : a = p[0]
  module Swap (X: { val p: [2]i32 }) = { def q : [2]i32 = [X.p[1], X.p[0]] }
}

module S = arr.Swap { def p = arr.mk 1i32 11 }

module use (P: pairs) = {
  module T = P.Swap { def p = P.mk 5i32 6 }
  def first = P.fst T.q
}

module U = use arr

entry main (x: i32) : (i32, i32) = (arr.fst S.q + x - 5, U.first)
