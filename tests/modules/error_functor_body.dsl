-- A functor's body is checked against its parameter's module type when it is defined,
-- even if it is never applied: N.t is not known to be a number.
-- ==
-- error: error_functor_body\.dsl:11:46: error: .*'\+'.*(N\.)?t

module type num = {
  type t
  val zero: t
}

module F (N: num) = { def f (x: N.t) : N.t = x + N.zero }

entry main (x: i32) : i32 = x
