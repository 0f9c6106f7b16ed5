-- A module type may include only the module type of a module.
-- ==
-- error: error_include_functor_type\.dsl:8:3: error: 'include' needs the module type of a module, not of a functor

module type op = { type a  val f: a -> a }
module type endo = (P: op) -> op
module type S = {
  include endo
}

entry main (x: i32) : i32 = x
