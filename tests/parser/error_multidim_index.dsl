-- a[i] [j] is a common slip for a[i, j].
-- ==
-- error: incorrect syntax for multi-dimensional indexing

def main (a: [][]i32) = a[0] [1]
