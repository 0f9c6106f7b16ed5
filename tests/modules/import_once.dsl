-- A file imported along three different paths is loaded once.
-- ==
-- input { 1i32 } output { 7i32 }

-- "lib/counter" here, "counter" from lib/uses_counter.dsl and "../counter" from
-- lib/sub/deep.dsl are one file: its abstract type is one type, so the values mix.

import "lib/counter"
import "lib/uses_counter"
import "lib/sub/deep"

def add (a: ctr.t) (b: ctr.t) : i32 = ctr.get a + ctr.get b

entry main (x: i32) : i32 = add two three + ctr.get (ctr.inc ctr.zero) + x
