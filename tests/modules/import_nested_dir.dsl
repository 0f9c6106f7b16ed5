-- An imported file's own imports are relative to its folder: lib/sub/deep.dsl imports
-- "../counter".
-- ==
-- input { 1i32 } output { 4i32 }

import "lib/counter"
import "lib/sub/deep"

entry main (x: i32) : i32 = ctr.get three + x
