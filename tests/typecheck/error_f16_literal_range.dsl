-- An f16 literal must be finite in f16: 65504 is the largest, and from 65520 on a
-- number rounds to inf.
-- ==
-- error: :6:34: error: the literal 65520.0 is out of range for type f16

entry main (x: f16) : f16 = x + (65520.0 - 65504f16)
