-- `module C = import "lib/counter"`: an imported file as a module, its declarations
-- qualified by the module's name.
-- ==
-- input { 1i32 } output { 2i32 }

module C = import "lib/counter"

entry main (x: i32) : i32 = C.ctr.get (C.ctr.inc C.ctr.zero) + x
