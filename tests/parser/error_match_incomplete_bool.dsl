-- true and false cover a boolean, but (true, _) and (_, true) miss (false, false).
-- ==
-- error: 5:34: error: the cases of this match do not cover every value

entry main (a: bool) (b: bool) = match (a, b) case (true, _) -> 1 case (_, true) -> 2
