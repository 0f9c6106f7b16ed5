-- The cases of a match must cover every value, as in Futhark: literals of numbers
-- never do without a case that takes any.
-- ==
-- error: 6:23: error: the cases of this match do not cover every value

entry main (x: i32) = match x case 0 -> 1 case 1 -> 2
