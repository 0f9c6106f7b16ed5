-- A size may be a field of a tuple or record (s.0, r.len, s.1.0), as in Futhark, where
-- any i64 expression is a size. A function whose result's sizes project a parameter
-- has a dependent type: a call gives the same field of its argument (a variable's
-- field, a component of a literal), and entry points check arguments against such
-- sizes.
-- ==
-- entry: grid
-- input { 2i64 3i64 } output { [[1i32, 1i32, 1i32], [1i32, 1i32, 1i32]] 6i64 }
-- entry: fields
-- input { 3i64 } output { [0i64, 1i64, 2i64] [0i64, 2i64, 4i64] }
-- entry: checked
-- input { 2i64 1i64 [5i32, 6i32] } output { [6i32, 7i32] }
-- input { 3i64 1i64 [5i32, 6i32] } error: argument 3 \("xs"\) has shape \[2\], but its type is \[s\.0\]i32 with s\.0 = 3
-- entry: constant
-- input { } output { [[0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] }
-- entry: empty
-- input { 2i64 5i64 } output { 2i64 5i64 }

def block (s: (i64, i64)) : [s.0][s.1]i32 = replicate s.0 (replicate s.1 0)

def shape (r: {len: i64, nested: (i64, i64)}) : ([r.len]i64, [r.nested.1]i64) =
  (iota r.len, map (* 2) (iota r.nested.1))

def blank (s: (i64, i64)) : [0][s.0][s.1]i32 = []

entry grid (n: i64) (m: i64) =
  let p = (n, m)
  let a = block p
  let b = map (map (+ 1)) a :> [p.0][p.1]i32
  let c = block (n, m)
  in (map2 (map2 (+)) a b, length (flatten c))

entry fields (n: i64) : ([n]i64, [n]i64) =
  shape {len = n, nested = (0, n)}

entry checked (s: (i64, i64)) (xs: [s.0]i32) : [s.0]i32 = map (+ 1) xs

def dims : (i64, i64) = (2, 3)

entry constant : [dims.0][dims.1]i32 = block dims

entry empty (n: i64) (m: i64) =
  let [x][y] (_: [0][x][y]i32) = blank (n, m)
  in (x, y)
