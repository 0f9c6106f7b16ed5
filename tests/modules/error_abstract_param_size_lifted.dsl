-- A plain 'type t 'a' may not be implemented by a type that hides a size.
-- ==
-- error: error_abstract_param_size_lifted\.dsl:11:24: error: type 't' is declared type~ in the module, but its module type declares it type, which does not allow hidden sizes

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module M : container = {
  type~ t 'a = ([]i64, a)
  def empty 'a (x: a) : t a = (iota 3, x)
  def size 'a ((is, _): t a) : i64 = length is
}

entry main (x: i32) : i32 = x
