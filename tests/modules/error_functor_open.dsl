-- A functor cannot be opened: it has no members until it is applied.
-- ==
-- error: error_functor_open\.dsl:7:1: error: a functor is used where a module is expected

module type op = { type a  val f: a -> a }
module twice = \(P: op) -> { def f (x: P.a) = P.f (P.f x) }
open twice

entry main (x: i32) : i32 = x
