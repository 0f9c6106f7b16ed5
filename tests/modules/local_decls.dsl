-- `local def` and `local type` are usable inside the module but are not members of it.
-- ==
-- input { 2i32 } output { 7i32 [2i32, 2i32] }

module M = {
  local type pair = (i32, i32)
  local def helper (x: i32) = x * 3
  local def both (x: i32) : pair = (x, x)
  def f (x: i32) = helper x + 1
  def g (x: i32) : [2]i32 = let (a, b) = both x in [a, b]
}

entry main (x: i32) : (i32, [2]i32) = (M.f x, M.g x)
