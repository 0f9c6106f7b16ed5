-- Outside an ascribed module, four.t i32 is abstract: not its definition [4]i32.
-- ==
-- error: error_abstract_param_representation\.dsl:17:32: error: .*expected \[4\]i32, found four\.t i32

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

entry main (x: i32) : [4]i32 = four.empty x
