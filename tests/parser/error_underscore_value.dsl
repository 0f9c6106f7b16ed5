-- '_' binds nothing and is not a value: using it as an operand is an error that says so.
-- ==
-- error: '_' is not a value
entry main (x: i32) = x + _
