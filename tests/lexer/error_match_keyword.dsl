-- `match` and `case` are keywords, as in Futhark: they cannot name values.
-- ==
-- error: 5:13: error: unexpected 'match'

entry main (match: i32) : i32 = match
