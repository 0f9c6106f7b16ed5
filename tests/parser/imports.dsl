-- `import` at top level and as a module expression, `open` of an import.
-- ==
-- input { 3i32 } output { 5i32 3i32 }

import "records"
module R = import "records"
local open import "tuples"

entry main (a: i32) : (i32, i32) = (norm1 {x = a, y = 2}, (swap (a, 1)).1 + R.norm1 {x = 0, y = 0})
