-- match on constants, tuples and records (Futhark's, without sum types): the first
-- case whose pattern matches is taken; its names are bound to the matched parts.
-- ==
-- entry: classify
-- input { 0 } output { 10 }
-- input { 1 } output { 20 }
-- input { -1 } output { 30 }
-- input { 7 } output { 14 }
-- entry: pair
-- input { 0 true } output { 1 }
-- input { 0 false } output { 2 }
-- input { 5 true } output { 3 }
-- input { 5 false } output { 5 }
-- entry: bools
-- input { true true } output { 1 }
-- input { false true } output { 2 }
-- input { true false } output { 3 }
-- entry: record
-- input { 1 3.0 } output { 3.0 }
-- input { 4 2.5 } output { 4.0 }
-- input { 4 2.0 } output { 0.0 }
-- entry: chars
-- input { [97u8, 98u8, 99u8] } output { [1, 2, 0] }
-- entry: nested
-- input { 0 0 } output { 1 }
-- input { 0 1 } output { 2 }
-- input { 1 0 } output { 3 }
-- entry: arrays
-- input { [1i64, 2i64, 3i64] } output { [2i64, 3i64, 4i64] }

entry classify (x: i32) = match x case 0 -> 10 case 1 -> 20 case -1 -> 30 case n -> n * 2

entry pair (a: i32) (b: bool) =
  match (a, b)
  case (0, true) -> 1
  case (0, false) -> 2
  case (_, true) -> 3
  case (x, false) -> x

-- Booleans are covered by true and false; numbers only by a case that takes any.
entry bools (a: bool) (b: bool) : i32 =
  match (a, b) case (true, true) -> 1 case (false, _) -> 2 case (_, false) -> 3

entry record (x: i32) (y: f64) =
  match {x, y} case {x = 1, y} -> y case {y = 2.5, x} -> f64.i32 x case _ -> 0

entry chars (s: []u8) : []i32 = map (\c -> match c case 'a' -> 1 case 'b' -> 2 case _ -> 0) s

-- A match inside a case takes the cases that follow it, unless parenthesised.
entry nested (a: i32) (b: i32) : i32 =
  match a
  case 0 -> (match b case 0 -> 1 case _ -> 2)
  case _ -> 3

-- The cases may bind arrays, whose sizes are the scrutinee's.
entry arrays [n] (xs: [n]i64) : [n]i64 = match (xs, 1) case (ys, k) -> map (+ k) ys
