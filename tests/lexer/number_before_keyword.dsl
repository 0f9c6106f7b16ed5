-- A keyword straight after a number is a keyword, not part of a malformed literal
-- (Note [Malformed number literals] in lexer.re): only i, u or f and a digit are.
-- ==
-- input { 1i32 } output { 1i32 }
-- input { 0i32 } output { 2i32 }

entry main (x: i32) : i32 = if x > 0 then 1else 2
