-- `module c = mk_complex f32` in a program: the prelude's f32 module implements `real`.
-- ==
-- input { 1f32 2f32 3f32 4f32 } output { -5f32 10f32 }

import "complex"

module c = mk_complex f32

entry main (a: f32) (b: f32) (x: f32) (y: f32) : (f32, f32) =
  let z = c.mk a b c.* c.mk x y
  in (c.re z, c.im z)
