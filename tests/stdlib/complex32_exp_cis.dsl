-- complex32: the complex exponential exp, and cis x = e^(ix) on the unit circle.
-- ==
-- input { [0.0f32, 1.0f32, 0.0f32, 1.0f32, -0.5f32, 2.0f32] [0.0f32, 0.0f32, 1.5707963f32,
--   3.1415927f32, 0.75f32, -1.0f32] [0.0f32, 1.5707963f32, 3.1415927f32, -0.7853982f32, 1.0f32,
--   3.0f32] }
-- output { [1.0f32, 2.7182818f32, 0.0f32, -2.7182818f32, 0.4437917f32, 3.992324f32] [0.0f32,
--   0.0f32, 1.0f32, 0.0f32, 0.4134348f32, -6.2176763f32] [1.0f32, 0.0f32, -1.0f32, 0.7071068f32,
--   0.5403023f32, -0.9899925f32] [0.0f32, 1.0f32, 0.0f32, -0.7071068f32, 0.841471f32,
--   0.14112f32] }

import "complex"

module c = complex32

entry main [n] [m] (xs: [n]f32) (ys: [n]f32) (angles: [m]f32) =
  let es = map c.exp (map2 c.mk xs ys)
  let cs = map c.cis angles
  in (map c.re es, map c.im es, map c.re cs, map c.im cs)
