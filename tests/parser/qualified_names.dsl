-- Qualified names M.N.f and f32.abs, and M.(e), which opens M inside e.
-- ==
-- input { -1.5f32 } output { 2i32 3i32 1.5f32 2i32 }

module M = {
  module N = { def f (x: i32) : i32 = x + 1 }
  def g = 2i32
}

entry main (x: f32) : (i32, i32, f32, i32) =
  (M.N.f 1, M.(g + N.f 0), f32.abs x, i32.max 1 2)
