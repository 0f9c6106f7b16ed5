-- A top-level `let` is a `def`: it binds a name, not a pattern.
-- ==
-- error: 5:5: error: cannot bind patterns at top level

let (a, b) = (1, 2)
