-- t's parameter 'a does not allow a type that hides a size ('~a would).
-- ==
-- error: error_abstract_param_size_lifted_arg\.dsl:13:17: error: the argument .* of type 'C\.t' may hide a size, but its parameter 'a' does not allow that

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module F (C: container) = {
  type~ row = []i32
  def f (c: C.t row) : i64 = C.size c
}

entry main (x: i32) : i32 = x
