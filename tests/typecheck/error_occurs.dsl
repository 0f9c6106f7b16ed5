-- Applying a function to itself would need an infinite type.
-- ==
-- error: would contain itself

def self_apply f = f f

entry main (x: i32) : i32 = x
