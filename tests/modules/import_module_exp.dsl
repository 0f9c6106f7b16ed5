-- `module C = import "lib/counter"` makes an imported file a module.
-- ==
-- input { 1i32 } output { 2i32 }

module C = import "lib/counter"

entry main (x: i32) : i32 = C.ctr.get (C.ctr.inc C.ctr.zero) + x
