-- A functor body that uses only its parameter's module type works for any definition.
-- ==
-- input { 3i32 } output { 6i32 7i32 }

-- Here the abstract type is a record in one application and a tuple in the other.

module type monoid = {
  type t
  val e: t
  val op: t -> t -> t
}

module power (M: monoid) = {
  def pow (x: M.t) (n: i32) : M.t = loop acc = M.e for _i < n do M.op acc x
}

module add_rec = {
  type t = {v: i32}
  def e : t = {v = 0}
  def op (a: t) (b: t) : t = {v = a.v + b.v}
}

module max_pair = {
  type t = (i32, i32)
  def e : t = (0, 0)
  def op ((a, b): t) ((c, d): t) : t = (i32.max a c, b + d)
}

module P1 = power add_rec
module P2 = power max_pair

entry main (x: i32) : (i32, i32) =
  let r = P1.pow {v = 2} x
  let (m, _) = P2.pow (7, 1) x
  in (r.v, m)
