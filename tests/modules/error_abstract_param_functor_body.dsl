-- In a functor's body the parameter's t a is abstract: it is not an array.
-- ==
-- error: error_abstract_param_functor_body\.dsl:12:34: error: cannot index a value of type C\.t i32

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module F (C: container) = {
  def first (c: C.t i32) : i32 = c[0]
}

entry main (x: i32) : i32 = x
