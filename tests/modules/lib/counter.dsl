-- A module with an abstract type, imported by tests/modules/import_*.dsl. It has no
-- test stanzas: as a test of its own it only has to compile.

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
