-- Application is juxtaposition and binds tighter than binary operators;
-- projections and indexing bind tighter still.
-- ==
-- input { [3i32, 4i32] } output { 8i32 4i32 13i32 }

def add (a: i32) (b: i32) : i32 = a + b
def first (t: (i32, i32)) : i32 = t.0

entry main (a: []i32) : (i32, i32, i32) =
  (add a[0] 1 + 4, first (a[1], 0), add (add 1 2) a[0] + add 3 a[1])
