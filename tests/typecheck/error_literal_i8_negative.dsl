-- -129i8 is out of range for i8 (while -128i8 is fine).
-- ==
-- error: the literal -129 is out of range for type i8

entry main (x: i8) : i8 = x + -128i8 + -129i8
