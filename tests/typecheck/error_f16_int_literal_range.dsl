-- An integer literal of type f16 must be finite in f16 too (65519 rounds to 65504,
-- 65520 and up to inf).
-- ==
-- error: :7:15: error: the literal 65520 is out of range for type f16

entry main (x: f16) : f16 =
  x + 65519 + 65520
