-- A module type with an abstract `type t`: the module is used only through its values.
-- ==
-- input { 5i32 } output { 7i32 0i32 }

module type counter = {
  type t
  val zero: t
  val inc: t -> t
  val get: t -> i32
}

module ctr : counter = {
  type t = i32
  def zero = 0i32
  def inc (x: i32) = x + 1
  def get (x: i32) = x
}

entry main (n: i32) : (i32, i32) = (ctr.get (ctr.inc (ctr.inc ctr.zero)) + n, ctr.get ctr.zero)
