-- A local function without annotations is polymorphic: it is used at two types in one body.
-- ==
-- input { 4i32 } output { 4i32 4i32 true true }

entry main (x: i32) : ((i32, i32), (bool, bool)) =
  let pair y = (y, y)
  in (pair x, pair (x > 0))
