-- Unclosed parenthesis: a note points at where it was opened.
-- ==
-- error: 5:21: note: to match this '\(' opened here

def main (x: i32) = (x + (1)
