-- The C API test tests/capi/errors.c: entry points that fail, on arguments of the wrong
-- shape and at run time (assert, index out of bounds, division by zero, sizes), some of
-- them after allocating arrays, which must be freed on the way out. errors.c names the
-- lines of the failures below: keep them where they are.

entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)
entry first3 (xs: [3]i32) : i32 = xs[0]
entry square [n] (a: [n][n]i32) : i64 = n
entry checked (x: i32) : i32 = assert (x > 0) (x * 2)
entry at (xs: []i64) (i: i64) : i64 = xs[i]
entry at2 (m: [][]f64) (i: i64) (j: i64) : f64 = m[i, j]
entry quotient (a: i32) (b: i32) : i32 = a / b
entry remainder (a: u64) (b: u64) : u64 = a % b
entry make (n: i64) : []f64 = replicate n 1

-- Failures after arrays were allocated: in a loop, in a map, in a helper function,
-- and after the in-place update of a unique argument.
entry loop_fail (xs: []i32) (iterations: i32) : []i32 =
  loop acc = xs for i < iterations do
    let longer = concat (map (+ 1) acc) acc
    in assert (i < 3) (take (length acc) longer)

entry map_fail (m: [][]i32) (bad: i32) : [][]i32 =
  map (\row -> let r = map (+ 1) row in map (\x -> 100 / (x - bad)) r) m

def helper (xs: []i32) (k: i32) : []i32 =
  let ys = map (+ k) xs
  in assert (k < 10) (map (* 2) ys)

entry helper_fail (xs: []i32) (k: i32) : ([]i32, []i32) = (map (+ 1) xs, helper xs k)

entry update_fail (xs: *[]i32) (i: i64) : []i32 =
  let xs[0] = 42
  let ys = map (+ 1) xs
  in ys with [i] = 0

-- Succeeds: the context is usable after every failure.
entry increment (x: i32) : i32 = x + 1

-- A size that is an expression of another argument (Note [entry sizes] in
-- src/ir/internalise.c).
entry last (n: i64) (xs: [n+1]i32) : i32 = xs[n]
