-- 9223372036854775808 does not fit in an i64 (the negated literal would).
-- ==
-- error: error_literal_i64\.dsl:5:56: error: the literal 9223372036854775808 is out of range for type i64

entry main (x: i64) : i64 = x + -9223372036854775808 + 9223372036854775808
