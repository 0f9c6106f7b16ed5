-- Top-level definitions bind names, not patterns.
-- ==
-- error: 5:5: error: cannot bind patterns at top level

def (a, b) = (1, 2)
