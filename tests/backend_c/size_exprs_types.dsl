-- Sizes in types may be any function or operator applied to i64 sizes, as in Futhark
-- (2**k, i64.max a b, a definition of the program; i64.i32 k of a variable of another
-- integer type): they unify as written, are computed where a value of the type is made
-- or checked, and entry points check their arguments against them.
-- ==
-- entry: powers
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] 28i64 }
-- entry: widest
-- input { 2i64 3i64 [1i32, 2i32, 3i32] } output { [2i32, 3i32, 4i32] }
-- input { 2i64 3i64 [1i32, 2i32] } error: argument 3 \("xs"\) has a shape that does not match its type \[i64.max a b\]i32
-- entry: halves
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] } output { [1i32, 2i32] [3i32, 4i32, 5i32] }
-- entry: coerce
-- input { 2i64 [1i32, 2i32, 3i32, 4i32] } output { 10i32 }
-- input { 2i64 [1i32, 2i32, 3i32] } error: size_exprs_types\.dsl:38:12: error: the value.s size does not match the type \[2\*\*k\]i32
-- entry: grid
-- input { 2i64 3i64 } output { 8i64 }
-- entry: narrow
-- input { 2i32 [1f32, 2f32] } output { [2f32, 4f32] }
-- input { 3i32 [1f32, 2f32] } error: argument 2 \("xs"\) has a shape that does not match its type \[i64.i32 k\]f32

def pow2 (k: i64) : i64 = 1 << k

def sum_pow (k: i64) (xs: [2**k]i64) : i64 = i64.sum xs

entry powers (k: i64) : ([pow2 k]i64, i64) =
  let xs = iota (2**k)
  let ys = map2 (+) xs (replicate (2**k) 0)
  in (iota (pow2 k), sum_pow k ys)

entry widest (a: i64) (b: i64) (xs: [i64.max a b]i32) : [i64.max a b]i32 = map (+ 1) xs

entry halves [n] (xs: [n]i32) : ([n/2]i32, [n - n/2]i32) =
  let first (ys: [n]i32) : [n/2]i32 = ys[:n/2]
  in (first xs, xs[n/2:])

entry coerce (k: i64) (xs: []i32) : i32 =
  let ys = xs :> [2**k]i32
  in i32.sum ys

entry grid (n: i64) (m: i64) : i64 =
  let flat = replicate (n * (m + 1)) 1i64 :> [n * (m + 1)]i64
  in i64.sum flat

entry narrow (k: i32) (xs: [i64.i32 k]f32) : [i64.i32 k]f32 = map (* 2) xs
