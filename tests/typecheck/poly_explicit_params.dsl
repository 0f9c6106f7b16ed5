-- A definition with explicit type parameters is used at several types.
-- ==
-- input { 7i32 2.5f64 } output { 7i32 2.5f64 true [7i32, 7i32] 2.5f64 7i32 }

def ident 'a (x: a) : a = x
def dup 'a (x: a) : [2]a = [x, x]
def swap 'a 'b (p: (a, b)) : (b, a) = (p.1, p.0)

entry main (x: i32) (y: f64) : (i32, f64, bool, [2]i32, (f64, i32)) =
  (ident x, ident y, ident true, ident (dup x), swap (x, y))
