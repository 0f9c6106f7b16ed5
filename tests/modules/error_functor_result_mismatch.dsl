-- A functor whose body does not match its declared result module type.
-- ==
-- error: error_functor_result_mismatch\.dsl:8:36: error: 'y' has type (\w+\.)?t in the module, but its module type requires i32
-- error: error_functor_result_mismatch\.dsl:8:21: note: the module type's 'y' is here
-- error: error_functor_result_mismatch\.dsl:8:42: note: the module's 'y' is here

module type S = { type t  val x: t }
module F (P: S) : { val y: i32 } = { def y = P.x }

entry main (x: i32) : i32 = x
