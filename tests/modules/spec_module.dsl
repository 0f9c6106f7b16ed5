-- A `module N: S` spec in a module type, and names qualified through it (O.N.t, O.N.add).
-- ==
-- input { 3i64 } output { 2i64 6i64 }

module type inner = {
  type t
  val one: t
  val add: t -> t -> t
  val to: t -> i64
  val from: i64 -> t
}

module type outer = {
  module N: inner
  val two: N.t
}

module O : outer = {
  module N = {
    type t = i64
    def one = 1i64
    def add (a: i64) (b: i64) = a + b
    def to (x: i64) = x
    def from (x: i64) = x
  }
  def two = N.add N.one N.one
}

entry main (x: i64) : (i64, i64) =
  (O.N.to O.two, O.N.to (O.N.add (O.N.from x) (O.N.add O.two O.N.one)))
