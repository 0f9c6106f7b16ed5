-- `local open M` at the top level, and `open` of a functor application.
-- ==
-- input { 2i32 } output { 6i32 8i32 }

module M = {
  def f (x: i32) = x + 1
}

local open M

module type S = { val k: i32 }
module mk (P: S) = { def times_k (x: i32) = x * P.k }

open (mk { def k = 4i32 })

entry main (x: i32) : (i32, i32) = (f x * 2, times_k x)
