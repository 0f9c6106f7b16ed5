-- `import "lib/counter"` finds lib/counter.dsl next to the importing file and brings
-- its declarations into scope.
-- ==
-- input { 1i32 } output { 3i32 }

import "lib/counter"

entry main (x: i32) : i32 = ctr.get (ctr.inc (ctr.inc ctr.zero)) + x
