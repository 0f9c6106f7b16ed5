-- A functor applied to a module with a member of the wrong type shows both types.
-- ==
-- error: error_functor_arg_wrong_type\.dsl:19:18: error: 'add' has type .*i64.* in the module, but its module type requires (t|i32) -> (t|i32) -> (t|i32)
-- error: error_functor_arg_wrong_type\.dsl:9:3: note: the module type's 'add' is here
-- error: error_functor_arg_wrong_type\.dsl:16:7: note: the module's 'add' is here

module type num = {
  type t
  val add: t -> t -> t
}

module twice (N: num) = { def two (x: N.t) : N.t = N.add x x }

module int = {
  type t = i32
  def add (a: i32) (b: i64) = a
}

module T = twice int

entry main (x: i32) : i32 = x
