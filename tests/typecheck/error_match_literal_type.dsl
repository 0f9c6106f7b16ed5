-- A literal pattern has the type of what it is matched against.
-- ==
-- error: 5:42: error: the right operand of '==' has type bool, but i32 is expected

entry main (x: i32) : i32 = match x case true -> 1 case _ -> 0
