-- The other half of an import cycle: see cycle_a.dsl.
-- ==
-- error: error: imports form a cycle: .*cycle_[ab]\.dsl -> .*cycle_[ab]\.dsl -> .*cycle_[ab]\.dsl

import "cycle_a"

def b = 2i32
