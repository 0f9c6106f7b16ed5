-- A range's operands have one type.
-- ==
-- error: 5:36: error: the operands of a range have one type, its start's: expected i32, found i64

entry main (a: i32) (b: i64) = a..<b
