-- A loop without do.
-- ==
-- error: unexpected end of file, expected 'do'

def main (n: i32) = loop x = 0 for i < n x + i
