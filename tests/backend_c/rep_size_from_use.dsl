-- A definition whose result size no parameter determines gets it from each use, as
-- `rep` does: here from the entry point's declared result.
-- ==
-- input { 7 } output { [7, 7, 7] }

def fill (x: i32) = rep x

entry main (x: i32) : [3]i32 = fill x
