-- Common subexpressions: repeated pure scalar operations, conversions, shapes and
-- reads of the same element are computed once; a statement inside a lambda, a loop
-- body or a branch reuses an equal one outside it (a commutative operator's operands
-- may come in either order), but never one of a sibling branch. Statements with bodies
-- whose results are scalars (an if holding a reduce, a loop) are shared when they are
-- alike up to the names of the variables they bind, as the inlined calls of `mean` are.
-- After simplification the lambda of `main` computes x * y once, f32.i64 i once and
-- reads xs[i] once; `branches` computes a + b in each branch (not shared between them);
-- `compound` holds one if (with one reduce) and one loop.
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width and reads the iota's elements as the map's index, so
-- the stanza counts after fusion):
--   if 2, iota 1, loop 1, map 1, reduce 1
-- ==
-- structure { if 2 loop 1 map 1 reduce 1 }
-- input { [1f32, 2f32, 3f32] 2f32 } output { [4f32, 10f32, 16f32] }
-- entry: branches
-- input { true 3i32 4i32 } output { 14i32 }
-- input { false 3i32 4i32 } output { 7i32 }
-- entry: compound
-- input { [1f64, 2f64, 6f64] } output { 3f64 3f64 9f64 9f64 }
-- input { empty([0]f64) } output { 0f64 0f64 0f64 0f64 }
entry main [n] (xs: [n]f32) (y: f32) =
  tabulate n (\i -> let a = xs[i] * y + f32.i64 i
                    let b = y * xs[i] + f32.i64 i
                    in a + b)

entry branches (c: bool) (a: i32) (b: i32) =
  let r = if c then (a + b) * 2 else b + a
  in r

def mean [n] (xs: [n]f64) = if n == 0 then 0 else reduce (+) 0 xs / f64.i64 n
def sum [n] (xs: [n]f64) = loop s = 0 for x in xs do s + x
entry compound [n] (xs: [n]f64) = (mean xs, mean xs, sum xs, sum xs)
