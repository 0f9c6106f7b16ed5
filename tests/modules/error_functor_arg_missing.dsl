-- A functor applied to a module that lacks a member: error at the argument, note at the spec.
-- ==
-- error: error_functor_arg_missing\.dsl:19:24: error: .*does not define value 'add'
-- error: error_functor_arg_missing\.dsl:8:3: note: 'add' is required here

module type num = {
  type t
  val add: t -> t -> t
}

module twice (N: num) = {
  def two (x: N.t) : N.t = N.add x x
}

module int = { type t = i32 }

module T =
  twice
                       int

entry main (x: i32) : i32 = x
