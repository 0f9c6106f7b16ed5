-- complex32: mk, mk_re, mk_im, re, im and the constants zero, one and i (i * i = -1).
-- ==
-- input { [1.5f32, -2.0f32, 0.0f32] [0.25f32, 3.0f32, -1.0f32] }
-- output { [1.5f32, -2.0f32, 0.0f32] [0.25f32, 3.0f32, -1.0f32] [1.5f32, -2.0f32, 0.0f32]
--   [0.0f32, 0.0f32, 0.0f32] [0.0f32, 0.0f32, 0.0f32] [0.25f32, 3.0f32, -1.0f32]
--   [0.0f32, 0.0f32] [1.0f32, 0.0f32] [0.0f32, 1.0f32] [-1.0f32, 0.0f32] }

import "complex"

module c = complex32

def pair (z: c.t) : [2]f32 = [c.re z, c.im z]

entry main [n] (xs: [n]f32) (ys: [n]f32) =
  let zs = map2 c.mk xs ys
  let rs = map c.mk_re xs
  let is = map c.mk_im ys
  in (map c.re zs, map c.im zs, map c.re rs, map c.im rs, map c.re is, map c.im is,
      pair c.zero, pair c.one, pair c.i, pair (c.i c.* c.i))
