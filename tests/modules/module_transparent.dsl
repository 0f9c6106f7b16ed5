-- A module without a module type is transparent: its types are their definitions outside.
-- ==
-- input { 3i32 } output { 4i32 [3i32, 3i32] }

module M = {
  type t = i32
  type pair = [2]t
  def inc (x: t) : t = x + 1
  def dup (x: t) : pair = [x, x]
}

def use_as_i32 (x: M.t) : i32 = x

entry main (x: i32) : (i32, [2]i32) = (use_as_i32 (M.inc x), M.dup x)
