-- `import "lib/counter"` finds the file next to the importing file.
-- ==
-- input { 1i32 } output { 3i32 }

import "lib/counter"

entry main (x: i32) : i32 = ctr.get (ctr.inc (ctr.inc ctr.zero)) + x
