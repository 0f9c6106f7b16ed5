-- A point-free `def main` is an entry point too, with the parameters of its type.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 3i32, 4i32] }

def main = map (+ 1i32)
