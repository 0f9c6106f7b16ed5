-- Copy and constant propagation: let-bound copies of variables and constants are
-- substituted into their uses (through tuples, records, function arguments and loop
-- initial values), and the arithmetic on the constants folds.
-- After simplification (`prismc dump --after simplify`), `main` is one map whose
-- lambda computes x * 6 + 5 and the loop whose body adds x: no copy is left.
-- Structure after simplification (dump --after simplify --structure): loop 1, map 1
-- ==
-- structure { loop 1 map 1 }
-- input { [1i32, 2i32, 3i32] } output { [11i32, 17i32, 23i32] 26i32 }
-- input { empty([0]i32) } output { empty([0]i32) 20i32 }
entry main (xs: []i32) =
  let a = 2
  let b = a
  let p = (b, a + 1)
  let r = {k = p.0 * p.1, c = 5}
  let f (x: i32) = let y = x in y * r.k + r.c
  let ys = map f xs
  let s = loop acc = r.c * 4 for x in xs do let z = acc in z + x
  in (ys, s)
