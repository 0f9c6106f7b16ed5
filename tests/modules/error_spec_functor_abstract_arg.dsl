-- From outside the opaque module, the functor's parameter needs a value of the abstract
-- type ctr.t: an i32 is not one, though ctr implements t as i32.
-- ==
-- error: error_spec_functor_abstract_arg\.dsl:18:22: error: 'start' has type i32 in the module, but its module type requires ctr\.t

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

module S1 = ctr.Step { def start = 5i32 }

entry main (x: i32) : i32 = x
