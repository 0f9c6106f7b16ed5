-- An if without then.
-- ==
-- error: unexpected 'else', expected 'then'

def main (x: bool) = if x 1 else 2
