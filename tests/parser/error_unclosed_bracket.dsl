-- Unclosed array literal at the end of the file.
-- ==
-- error: note: to match this '\[' opened here

def main (x: i32) = [x, x
