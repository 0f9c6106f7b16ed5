-- Ranges are not in Prism's subset.
-- ==
-- error: unexpected '\.\.\.'

def main (n: i64) = 0...n
