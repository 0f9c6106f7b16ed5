-- Two files that import each other: the error lists the cycle.
-- ==
-- error: cycle_b\.dsl:5:8: error: imports form a cycle: \S*lib/cycle_a\.dsl -> \S*lib/cycle_b\.dsl -> \S*lib/cycle_a\.dsl

import "lib/cycle_a"

entry main (x: i32) : i32 = x
