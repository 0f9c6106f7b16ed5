-- The module type lets t take a function ('^a), the module's t does not ('a).
-- ==
-- error: error_abstract_param_param_kind\.dsl:16:17: error: parameter 1 of type 't' is 'a in the module, but its module type declares '\^a

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module type c2 = {
  type^ t '^a
  val size '^a : t a -> i64
}

module M : c2 = {
  type t 'a = [2]a
  def size 'a (_: t a) : i64 = 2
}

entry main (x: i32) : i32 = x
