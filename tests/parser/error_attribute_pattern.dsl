-- An attribute on a pattern is followed by the pattern.
-- ==
-- error: 5:18: error: unexpected '=', expected pattern

def f = let #[a] = 1 in 2
