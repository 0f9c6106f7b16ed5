-- 'with' must give t as many parameters as the module type does.
-- ==
-- error: error_abstract_param_with_params\.dsl:11:18: error: type 't' takes 1 parameter in the module type, but 'with' gives it 0

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val size 'a : t a -> i64
}

module type c2 = container with t = [2]i32

entry main (x: i32) : i32 = x
