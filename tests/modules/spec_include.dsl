-- `include S` in a module type: the module must define the included specs too.
-- ==
-- input { 3i32 } output { 5i32 0i32 }

module type base = {
  type t
  val zero: t
}

module type ext = {
  include base
  val succ: t -> t
  val to: t -> i32
}

module M : ext with t = i32 = {
  type t = i32
  def zero = 0i32
  def succ (x: i32) = x + 1
  def to (x: i32) = x
}

entry main (x: i32) : (i32, i32) = (M.succ (M.succ x), M.to M.zero)
