-- A functor is passed where the functor's parameter is a module.
-- ==
-- error: error_functor_where_module\.dsl:10:18: error: a functor is used where a module is expected

module type op = { type a  val f: a -> a }

module twice (P: op) = { type a = P.a  def f (x: P.a) = P.f (P.f x) }
module again (P: op) = { type a = P.a  def f (x: P.a) = P.f x }

module R = again twice

entry main (x: i32) : i32 = x
