-- Anonymous functors, \(P: S) -> { ... }, and functor types, (P: S) -> R: a functor
-- ascribed a functor type is applied as any functor, its results seen through R.
-- ==
-- input { 3i32 } output { 48i32 5i32 }

module type op = { type t  val f: t -> t }

module type endo = (P: op) -> op with t = P.t

module twice : endo = \(P: op) -> {
  type t = P.t
  def f (x: P.t) = P.f (P.f x)
}

module type i32_op = op with t = i32

module double : i32_op = { type t = i32  def f (x: i32) = x * 2 }
module times4 : i32_op = twice double
module times16 = twice (twice double)

-- A lambda with a result module type, bound by a module declaration.
module inc = \(P: i32_op) : i32_op -> { type t = i32  def f (x: i32) = P.f x + 1 }
module add2 = inc { type t = i32  def f (x: i32) = x + 1 }

entry main (x: i32) : (i32, i32) = (times16.f x, add2.f x)
