-- Hoisting: a statement of a loop body or SOAC lambda that uses nothing bound inside it
-- and cannot fail moves out, before the loop or SOAC (through several levels at once);
-- here the twiddle factor of each pass (a cos and a sin of the pass number only) is
-- computed once per pass, outside the map over the elements. Statements that may fail
-- (the read xs[0] on an array that may be empty) and statements inside a branch stay.
-- After simplification, the cos, sin and f32.i64 p are in the loop body, not in the
-- map's lambda; n - 1 and f32.i64 n are before the loop; f32.i64 last stays in its
-- branch.
-- Structure after simplification (dump --after simplify --structure): if 1, iota 1, loop 1, map 1
-- ==
-- structure { if 1 loop 1 map 1 }
-- input { [1f32, 2f32, 3f32] 2i64 } output { [3.7320507f32, 4.732051f32, 1.098076f32] }
-- input { empty([0]f32) 3i64 } output { empty([0]f32) }
entry main [n] (xs: [n]f32) (passes: i64) =
  loop ys = xs for p < passes do
    map (\(i: i64) ->
           let angle = f32.i64 p * 2 * f32.pi / f32.i64 n
           let w = f32.cos angle + f32.sin angle
           let last = n - 1
           in if i == last then ys[i] * w else ys[i] + w * f32.i64 last)
        (iota n)
