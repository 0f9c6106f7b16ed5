-- A `type^ t` spec is matched by a function type.
-- ==
-- input { 4i32 } output { 5i32 12i32 }

module type S = {
  type^ t
  val inc: t
  val triple: t
  val apply: t -> i32 -> i32
}

module M : S = {
  type^ t = i32 -> i32
  def inc : t = \x -> x + 1
  def triple : t = \x -> x * 3
  def apply (f: t) (x: i32) = f x
}

entry main (x: i32) : (i32, i32) = (M.apply M.inc x, M.apply M.triple x)
