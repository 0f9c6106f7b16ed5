-- A functor ascribed a functor type gives results seen through it: the result's t is
-- abstract (generative), not its argument's i32, without 'with t = P.t'.
-- ==
-- error: error_functor_type_opaque\.dsl:15:29: error: the left operand of '\+' has type

module type op = { type t  val f: t -> t  val one: t }

module twice : (P: op) -> op = \(P: op) -> {
  type t = P.t
  def f (x: P.t) = P.f (P.f x)
  def one = P.one
}

module T = twice { type t = i32  def f (x: i32) = x + 1  def one = 1i32 }
entry main (x: i32) : i32 = T.f T.one + x
