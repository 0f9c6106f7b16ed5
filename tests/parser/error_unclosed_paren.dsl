-- Unclosed parenthesis reports what was expected at the end of the file.
-- ==
-- error: expected '\)'

def main (x: i32) = (x + 1
