-- A literal with a fraction and an integer suffix is one located error about the
-- literal, not "1.5" applied to "i32".
-- ==
-- error: :6:27: error: the literal '1\.5i32' has a fraction or an exponent, so it cannot have the integer suffix 'i32'

entry main (x: i32) = x + 1.5i32
