-- The patterns of a match's cases have one shape: a tuple of two cannot be matched
-- against a tuple of three, nor a tuple against a literal (the fuzzer found these).
-- ==
-- error: 6:73: error: this pattern does not have the shape of the tuple pattern on line 6

entry main (x: i32) (y: i32) : i32 = match (x, y) case (0, _) -> 1 case (_, _, _) -> 2
