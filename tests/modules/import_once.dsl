-- A file imported along three paths ("lib/counter" here, "counter" from
-- lib/uses_counter.dsl, "../counter" from lib/sub/deep.dsl) is loaded once: its
-- abstract type is one type, so values made by the other files mix.
-- ==
-- input { 1i32 } output { 7i32 }

import "lib/counter"
import "lib/uses_counter"
import "lib/sub/deep"

def add (a: ctr.t) (b: ctr.t) : i32 = ctr.get a + ctr.get b

entry main (x: i32) : i32 = add two three + ctr.get (ctr.inc ctr.zero) + x
