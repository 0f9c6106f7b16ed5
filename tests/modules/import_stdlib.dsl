-- `import "complex"` is not next to this file: it is found in the standard library.
-- ==
-- input { 3f32 4f32 } output { 5f32 }

import "complex"

entry main (a: f32) (b: f32) : f32 = complex32.mag (complex32.mk a b)
