-- A let without a pattern.
-- ==
-- error: unexpected '=', expected pattern

def main (x: i32) = let = x in x
