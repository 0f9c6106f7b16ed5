-- Common subexpressions: repeated pure scalar operations, conversions, shapes and
-- reads of the same element are computed once; a statement inside a lambda, a loop
-- body or a branch reuses an equal one outside it (a commutative operator's operands
-- may come in either order), but never one of a sibling branch.
-- After simplification the lambda of `main` computes x * y once, f32.i64 i once and
-- reads xs[i] once; `branches` computes a + b in each branch (not shared between them).
-- ==
-- input { [1f32, 2f32, 3f32] 2f32 } output { [4f32, 10f32, 16f32] }
-- entry: branches
-- input { true 3i32 4i32 } output { 14i32 }
-- input { false 3i32 4i32 } output { 7i32 }
entry main [n] (xs: [n]f32) (y: f32) =
  tabulate n (\i -> let a = xs[i] * y + f32.i64 i
                    let b = y * xs[i] + f32.i64 i
                    in a + b)

entry branches (c: bool) (a: i32) (b: i32) =
  let r = if c then (a + b) * 2 else b + a
  in r
