-- A module is passed where the functor's parameter is a functor.
-- ==
-- error: error_functor_arg_not_functor\.dsl:11:21: error: a module is given where the module type describes a functor
-- error: error_functor_arg_not_functor\.dsl:8:21: note: the functor's module type is here

module type op = { type a  val f: a -> a }

module apply_to (F: (X: op) -> op) (A: op) = { open (F A) }

module add_one = { type a = i32  def f (x: i32) = x + 1 }
module R = apply_to add_one add_one

entry main (x: i32) : i32 = x
