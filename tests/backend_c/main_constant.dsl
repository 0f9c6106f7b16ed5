-- A top-level `def main` without parameters is an entry point too, as in Futhark.
-- ==
-- input { } output { 42i32 [1i64, 2i64] }

def base : i32 = 40

def main : (i32, []i64) = (base + 2, map (+ 1) (iota 2))
