-- A generalised definition using == works at every type without functions (tuples, arrays too).
-- ==
-- input { 2i32 } output { true false true true }

def same a b = a == b

entry main (x: i32) : (bool, bool, bool, bool) =
  (same x 2, same true false, same (1, 2.0) (1, 2.0), same [x] [x])
