-- A functor's body is checked when it is defined, against its parameter's module type.
-- ==
-- error: error_functor_body\.dsl:12:46: error: .*'\+'.*(N\.)?t

-- N.t is not known to be a number, and the functor is never applied.

module type num = {
  type t
  val zero: t
}

module F (N: num) = { def f (x: N.t) : N.t = x + N.zero }

entry main (x: i32) : i32 = x
