-- A spec `type t = i32` in a module type: outside an opaque module, t is i32.
-- ==
-- input { 4i32 } output { 9i32 8i32 }

module type S = {
  type t = i32
  val double: t -> t
}

module M : S = {
  type t = i32
  def double (x: i32) = x * 2
}

def plus_one (x: M.t) : i32 = x + 1

entry main (x: i32) : (i32, i32) = (plus_one (M.double x), M.double x)
