-- A module whose t differs from the one 'with' gives does not match.
-- ==
-- error: error_abstract_param_with_mismatch\.dsl:11:41: error: type 't' is \[3\]a in the module, but its module type says \[2\]a

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module M : container with t 'a = [2]a = {
  type t 'a = [3]a
  def empty 'a (x: a) : t a = replicate 3 x
  def size 'a (_: t a) : i64 = 3
}

entry main (x: i32) : i32 = x
