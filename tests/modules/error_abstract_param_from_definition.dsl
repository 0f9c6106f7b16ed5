-- Nor is an array of four a four.t: only the module makes its values.
-- ==
-- error: error_abstract_param_from_definition\.dsl:17:40: error: .*expected four\.t a, found \*\[4\]i32

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module four : container = {
  type t 'a = [4]a
  def empty 'a (x: a) : t a = replicate 4 x
  def size 'a (_: t a) : i64 = 4
}

entry main (x: i32) : i64 = four.size (replicate 4 x)
