-- An abstract type with a parameter used without its argument.
-- ==
-- error: error_abstract_param_no_args\.dsl:12:13: error: type 'C\.t' takes 1 argument, but is given 0

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module F (C: container) = {
  def f (c: C.t) : i64 = C.size c
}

entry main (x: i32) : i32 = x
