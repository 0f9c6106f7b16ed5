-- The module defines t without the parameter its module type declares.
-- ==
-- error: error_abstract_param_impl_params\.dsl:11:24: error: type 't' takes 0 parameters in the module, but 1 in its module type

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module M : container = {
  type t = [4]i32
  def empty (x: i32) : t = replicate 4 x
  def size (_: t) : i64 = 4
}

entry main (x: i32) : i32 = x
