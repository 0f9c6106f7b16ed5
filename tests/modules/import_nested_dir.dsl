-- An imported file's imports are relative to its own folder ("../counter").
-- ==
-- input { 1i32 } output { 4i32 }

import "lib/counter"
import "lib/sub/deep"

entry main (x: i32) : i32 = ctr.get three + x
