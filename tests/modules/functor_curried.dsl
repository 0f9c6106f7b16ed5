-- A functor that returns a functor (\(F: S) -> \(G: T) -> ...), whose second parameter's
-- module type refers to the first: compose F G applies F, then G.
-- ==
-- input { 10i32 } output { 5i32 }
-- input { 81i32 } output { 11i32 }

module type arrow = { type a  type b  val f: a -> b }

module compose = \(F: arrow) -> \(G: arrow with a = F.b) -> {
  type a = F.a
  type b = G.b
  def f (x: a) : b = G.f (F.f x)
}

module to_f64 : arrow with a = i32 with b = f64 = {
  type a = i32  type b = f64
  def f (x: i32) = f64.i32 x
}

module root : arrow with a = f64 with b = f64 = {
  type a = f64  type b = f64
  def f (x: f64) = f64.sqrt x
}

module to_i32 : arrow with a = f64 with b = i32 = {
  type a = f64  type b = i32
  def f (x: f64) = i32.f64 x
}

module plus_two : arrow with a = i32 with b = i32 = {
  type a = i32  type b = i32
  def f (x: i32) = x + 2
}

module isqrt = compose (compose to_f64 root) to_i32
module after = compose isqrt        -- partially applied: a functor still

module isqrt2 = after plus_two

entry main (x: i32) : i32 = isqrt2.f x
