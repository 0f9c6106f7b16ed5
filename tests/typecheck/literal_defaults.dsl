-- Overloaded literals with nothing to fix their type default to i32 and f64.
-- ==
-- input { 0i32 } output { 42i32 0.5f64 2147483647i32 }

def answer = 40 + 2
def half = 1.0 / 2.0
def big = 2147483647

entry main (_: i32) : (i32, f64, i32) = (answer, half, big)
