-- The functor inside the opaque module gives i32, but through the module type its
-- result is of the abstract type ctr.t, which is not a number.
-- ==
-- error: error_spec_functor_abstract_hidden\.dsl:20:29: error: the left operand of '\+' has type ctr\.t, but <numeric> is expected

module type counter = {
  type t
  val mk: i32 -> t
  module Step: (X: { val start: t }) -> { val next: t }
}

module ctr : counter = {
  type t = i32
  def mk (x: i32) : t = x
  module Step (X: { val start: i32 }) = { def next = X.start + 1 }
}

module S1 = ctr.Step { def start = ctr.mk 5 }

entry main (x: i32) : i32 = S1.next + x
