-- Through the module type, the functor's result is of the abstract type arr.c i32, not
-- the [2]i32 that the functor inside gives.
-- ==
-- error: error_spec_functor_abstract_param_hidden\.dsl:20:29: error: cannot index a value of type arr\.c i32

module type pairs = {
  type c 'a
  val mk 'a: a -> a -> c a
  module Swap: (X: { val p: c i32 }) -> { val q: c i32 }
}

module arr : pairs = {
  type c 'a = [2]a
  def mk 'a (x: a) (y: a) : c a = [x, y]
  module Swap (X: { val p: [2]i32 }) = { def q : [2]i32 = [X.p[1], X.p[0]] }
}

module S = arr.Swap { def p = arr.mk 1i32 11 }

entry main (x: i32) : i32 = S.q[0] + x
