-- -128i8 is in range: a literal's range is checked together with its sign.
-- ==
-- input { 0i8 } output { -128i8 127i8 -32768i16 }

entry main (x: i8) : (i8, i8, i16) = (-128i8 + x, 127i8, -32768i16)
