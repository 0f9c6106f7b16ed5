-- `match` and `case` are not in Prism's subset, so they are ordinary names here
-- (in Futhark they are keywords).
-- ==
-- input { 1i32 } output { 12i32 }

entry main (match: i32) : i32 =
  let case = 11
  in match + case
