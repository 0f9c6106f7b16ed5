-- An integer literal whose magnitude does not fit in 64 bits is a lexical error.
-- ==
-- error: integer literal too large

entry main (x: u64) : u64 = x + 18446744073709551616
