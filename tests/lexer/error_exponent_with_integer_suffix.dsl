-- An exponent makes a float literal, which cannot take an integer suffix.
-- ==
-- error: the literal '1e3u8' has a fraction or an exponent, so it cannot have the integer suffix 'u8'

entry main (x: u8) = x + 1e3u8
