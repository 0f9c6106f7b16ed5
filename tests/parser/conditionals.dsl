-- if-then-else, nested, and as the right operand of a binary operator.
-- ==
-- input { 5i32 } output { 1i32 11i32 }

entry main (x: i32) : (i32, i32) =
  ( if x > 0 then if x > 10 then 2 else 1 else 0
  , 10 + if x == 5 then 1 else 0 )
