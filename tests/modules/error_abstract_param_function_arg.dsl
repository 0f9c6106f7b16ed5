-- t's parameter 'a does not allow a function as argument.
-- ==
-- error: error_abstract_param_function_arg\.dsl:12:18: error: the argument i32 -> i32 of type 'C\.t' may be a function, but its parameter 'a' does not allow functions

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module F (C: container) = {
  def f (c: C.t (i32 -> i32)) : i64 = C.size c
}

entry main (x: i32) : i32 = x
