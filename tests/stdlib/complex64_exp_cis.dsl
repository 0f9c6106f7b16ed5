-- complex64: the complex exponential exp, and cis x = e^(ix) on the unit circle.
-- ==
-- input { [0.0f64, 1.0f64, 0.0f64, 1.0f64, -0.5f64, 2.0f64] [0.0f64, 0.0f64, 1.5707963f64,
--   3.1415927f64, 0.75f64, -1.0f64] [0.0f64, 1.5707963f64, 3.1415927f64, -0.7853982f64, 1.0f64,
--   3.0f64] }
-- output { [1.0f64, 2.7182818f64, 0.0f64, -2.7182818f64, 0.4437917f64, 3.992324f64] [0.0f64,
--   0.0f64, 1.0f64, 0.0f64, 0.4134348f64, -6.2176763f64] [1.0f64, 0.0f64, -1.0f64, 0.7071068f64,
--   0.5403023f64, -0.9899925f64] [0.0f64, 1.0f64, 0.0f64, -0.7071068f64, 0.841471f64,
--   0.14112f64] }

import "complex"

module c = complex64

entry main [n] [m] (xs: [n]f64) (ys: [n]f64) (angles: [m]f64) =
  let es = map c.exp (map2 c.mk xs ys)
  let cs = map c.cis angles
  in (map c.re es, map c.im es, map c.re cs, map c.im cs)
