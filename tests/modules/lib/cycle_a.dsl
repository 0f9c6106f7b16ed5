-- One half of an import cycle (imported by tests/modules/error_import_cycle.dsl): as a
-- test of its own it is rejected too.
-- ==
-- error: error: imports form a cycle: .*cycle_[ab]\.dsl -> .*cycle_[ab]\.dsl -> .*cycle_[ab]\.dsl

import "cycle_b"

def a = 1i32
