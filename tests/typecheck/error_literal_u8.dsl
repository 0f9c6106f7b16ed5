-- 256u8 is out of range for u8.
-- ==
-- error: error_literal_u8\.dsl:5:31: error: the literal 256 is out of range for type u8

entry main (x: u8) : u8 = x + 256u8
