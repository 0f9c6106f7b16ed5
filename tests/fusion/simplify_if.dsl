-- Branches: an if on a constant condition is replaced by its branch; inside a branch the
-- condition is known (true in the then branch, false in the else branch), so a nested
-- test of it folds; a result that both branches give alike is known outside the if; an
-- if that gives true and false is its condition, and one that gives 1 and 0 its
-- condition converted. After simplification `main` has one if (on c, with one result),
-- `flags` none.
-- Structure after simplification (dump --after simplify --structure): if 1
-- ==
-- structure { if 1 loop 0 map 0 }
-- input { true 5i32 } output { 6i32 5i32 }
-- input { false 5i32 } output { 3i32 5i32 }
-- entry: flags
-- input { 3i32 } output { true 1i32 1f64 false }
-- input { -3i32 } output { false 0i32 0f64 false }
def clamp_flag (b: bool) = if b then 1i32 else 0
entry main (c: bool) (x: i32) =
  let k = if 2 > 1 then 1 else x / 0
  let r = if c then (if c then x + k else 0, x) else (if !c then 3 else 4, x)
  in r

entry flags (x: i32) =
  let pos = x > 0
  in (if pos then true else false, clamp_flag pos, if pos then 1f64 else 0, pos && !pos)
