-- An in-place update whose value differs from the slot in more than its sizes (here
-- its rank) is rejected; only sizes are left to the run-time check.
-- ==
-- error: the new value does not fit the update: expected \[.*\]i32, found \[.*\]\[.*\]i32

entry main (xs: *[]i32) (m: [][]i32) = xs with [0:2] = m
