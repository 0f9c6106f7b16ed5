-- A closing bracket of the wrong kind.
-- ==
-- error: unexpected '\]', expected '\)'

def main (x: i32) = (x + 1]
