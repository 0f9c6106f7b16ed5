-- Folding of booleans and comparisons: &&, ||, ==, <, not, and the integer operators
-- that the backend writes as C's on bool (& | ^, min as &, max as |); x && true is x,
-- x || true is true, not (not x) is x, x == true is x; comparisons of a value with
-- itself fold for integers and booleans (not for floats: NaN).
-- Structure after simplification (dump --after simplify --structure): if 4
-- ==
-- structure { if 4 loop 0 map 0 }
-- entry: folded
-- input { }
-- output { false true false true false true false false false false false false true true
--          false }
-- entry: computed
-- input { true false 3i32 -3i32 }
-- output { false true false true false true false false false false false false true true
--          false }
-- entry: identities
-- input { true 7i32 f32.nan }
-- output { true false true true false true true false true false false }
def ops (a: bool) (b: bool) (x: i32) (y: i32) =
  (a && b, a || b, a == b, a != b, a < b, a >= b, !a, !(!b), x < y, x <= y, x == y,
   u32.i32 x > u32.i32 y, bool.i32 (x & y), x != y && a, y > x || b)
entry folded = ops true false 3 (-3)
entry computed (a: bool) (b: bool) (x: i32) (y: i32) = ops a b x y
entry identities (a: bool) (x: i32) (f: f32) =
  (a && true, a && false, a || true, !(!a), a == false, x == x, x <= x, x < x, a == a,
   f == f, f != f && false)
