-- A value spec may return a type~ abstract type: its hidden size is the value's own.
-- ==
-- input { [1, 2, 3] } output { 3i64 }
module type S = {
  type~ t
  val make [n]: [n]i32 -> t
  val size: t -> i64
}
module M : S = {
  type~ t = []i32
  def make [n] (xs: [n]i32) : [n]i32 = xs
  def size (xs: t) : i64 = length xs
}
entry main (xs: []i32) : i64 = let v = M.make xs in M.size v
