-- Inlining calls that pass small arrays (Note [inlining calls that pass small arrays] in
-- src/fusion/simplify.c): two functions of 130 statements, each called in two lambdas
-- (neither small nor called once). `spread` takes a [4] array of constant shape: on the
-- C backend it is inlined at both calls, so that its array stays the lambda's own;
-- `shifted` takes a row of run-time length n: both calls stay calls (apply 2).
-- ==
-- entry: main
-- input { [1f32, 2f32, 3f32] }
-- output { [[5.88189f32, 6.88189f32, 7.88189f32, 8.881889f32],
--            [6.88189f32, 7.88189f32, 8.881889f32, 9.881889f32],
--            [7.88189f32, 8.881889f32, 9.881889f32, 10.881889f32]]
--           [[5.88189f32, 5.88189f32, 5.88189f32, 5.88189f32],
--            [6.88189f32, 6.88189f32, 6.88189f32, 6.88189f32],
--            [7.88189f32, 7.88189f32, 7.88189f32, 7.88189f32]]
--           [[-2.8818898f32, -1.8818898f32, -0.8818898f32],
--            [-1.8818898f32, -0.8818898f32, 0.11811018f32],
--            [-0.8818898f32, 0.11811018f32, 1.1181102f32]]
--           [[-3.8818898f32, -2.8818898f32, -1.8818898f32],
--            [-2.8818898f32, -0.8818898f32, 1.1181102f32],
--            [-1.8818898f32, 1.1181102f32, 4.11811f32]] }
-- structure { apply 2 }

def spread (v: [4]f32) : [4]f32 =
  let s = v[0]
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  in map (\x -> x + s) v

def shifted [n] (xs: [n]f32) : [n]f32 =
  let s = xs[0]
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  let s = s * 0.5f32 + 4.0f32
  let s = s * 0.5f32 + 5.0f32
  let s = s * 0.5f32 + 6.0f32
  let s = s * 0.5f32 + 0.0f32
  let s = s * 0.5f32 + 1.0f32
  let s = s * 0.5f32 + 2.0f32
  let s = s * 0.5f32 + 3.0f32
  in map (\x -> x - s) xs

entry main [n] (xs: [n]f32) : ([n][4]f32, [n][4]f32, [n][n]f32, [n][n]f32) =
  ( map (\x -> spread [x, x + 1, x + 2, x + 3]) xs
  , map (\x -> spread [x, x, x, x]) xs
  , map (\x -> shifted (map (+ x) xs)) xs
  , map (\x -> shifted (map (* x) xs)) xs )
