-- A functor spec whose parameter and result use the module type's abstract type: in a
-- module ascribed opaquely, the functor takes and gives values of the abstract type
-- (which it implements as i32), from outside and from inside another functor.
-- ==
-- input { 5i32 } output { 7i32 4i32 }

module type counter = {
  type t
  val mk: i32 -> t
  val get: t -> i32
  module Step: (X: { val start: t }) -> { val next: t }
}

module ctr : counter = {
  type t = i32
  def mk (x: i32) : t = x
  def get (x: t) : i32 = x
  module Step (X: { val start: i32 }) = { def next = X.start + 1 }
}

module S1 = ctr.Step { def start = ctr.mk 5 }
module S2 = ctr.Step { def start = S1.next }

module from_three (C: counter) = {
  module R = C.Step { def start = C.mk 3 }
  def value = C.get R.next
}

module F3 = from_three ctr

entry main (x: i32) : (i32, i32) = (ctr.get S2.next + x - 5, F3.value)
