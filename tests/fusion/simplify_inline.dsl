-- Inlining: functions that are small, or called once, are inlined (with fresh
-- variables), so that the arguments' constants fold into their bodies and later passes
-- see through the calls; a function nothing calls any more is removed. Entry points
-- are never inlined or removed, even when another entry point calls them.
-- After simplification no `apply` is left and only the entry points remain (the loop is
-- sum's, inlined).
-- Structure after simplification (dump --after simplify --structure): loop 1, map 2
-- ==
-- structure { loop 1 map 2 }
-- input { [1f32, 2f32] } output { [3f32, 6f32] 9f32 }
-- entry: other
-- input { [1f32, 2f32] } output { [3f32, 6f32] }
def scale (k: f32) (x: f32) = k * x
def triple [n] (xs: [n]f32) = map (scale 3) xs
def sum [n] (xs: [n]f32) = loop s = 0 for x in xs do s + x
entry other (xs: []f32) = triple xs
entry main (xs: []f32) = let ys = triple xs in (ys, sum ys)
