-- A functor applied to an opaque module keeps the argument's type abstract.
-- ==
-- input { 4i32 } output { 6i32 8i32 }

-- Values of ctr.t flow between the functor's results and ctr's own functions.

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

module twice (C: counter) = {
  def inc2 (x: C.t) : C.t = C.inc (C.inc x)
  def from (n: i32) : C.t = loop x = C.zero for _i < n do C.inc x
}

module T = twice ctr

entry main (n: i32) : (i32, i32) =
  (ctr.get (T.inc2 (T.from n)), ctr.get (ctr.inc (T.from (2 * n) |> ctr.inc)) - 2)
