-- `module M : S = { ... }` shows S's members at S's types; helpers work inside.
-- ==
-- input { 2i32 } output { 7i32 }

module type S = {
  type t
  val make: i32 -> t
  val run: t -> i32
}

module M : S = {
  type t = i32
  def helper (x: i32) = x * 3
  def make (x: i32) : t = helper x
  def run (x: t) : i32 = x + 1
}

entry main (x: i32) : i32 = M.run (M.make x)
