-- An abstract type with one parameter is given two arguments.
-- ==
-- error: error_abstract_param_arg_count\.dsl:17:11: error: type 'four\.t' takes 1 argument, but is given 2

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

def f (c: four.t i32 bool) : i64 = four.size c

entry main (x: i32) : i64 = f (four.empty x)
