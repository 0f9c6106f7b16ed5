-- f16 arithmetic rounds each result to nearest, ties to even, as IEEE binary16 does
-- (Note [f16] in rts/c/scalar.h): ties at 1 + 2^-11 (to the even 1.0 and 1.00195),
-- overflow past 65504 (65520 is the first value that rounds to inf), subnormal results
-- and their ties (2^-25 to 0, 1.5 * 2^-24 to 2^-24 * 2), signed zeros and infinities.
-- The bits are compared exactly (f16.to_bits); on OpenCL the maps are kernels over
-- arrays of f16.
-- ==
-- input { [1.0f16, 1.0009765625f16, 65504.0f16, 65504.0f16, 5.960464477539063e-08f16, 1.7881393432617188e-07f16, 1.0f16, 2.0f16, 1.0f16, 0.0999755859375f16] [0.00048828125f16, 0.00048828125f16, 16.0f16, 8.0f16, 0.5f16, 0.5f16, 3.0f16, 3.0f16, -0.0f16, 0.199951171875f16] }
-- output {
--   [15360u16, 15362u16, 31744u16, 31743u16, 14336u16, 14336u16, 17408u16, 17664u16, 15360u16, 13516u16]
--   [15359u16, 15360u16, 31742u16, 31743u16, 47104u16, 47104u16, 49152u16, 48128u16, 15360u16, 44646u16]
--   [4096u16, 4097u16, 31744u16, 31744u16, 0u16, 2u16, 16896u16, 17920u16, 32768u16, 9502u16]
--   [26624u16, 26625u16, 27647u16, 28671u16, 2u16, 6u16, 13653u16, 14677u16, 64512u16, 14336u16]
--   [15360u16, 15360u16, 23551u16, 23551u16, 3072u16, 3822u16, 15360u16, 15784u16, 15360u16, 13583u16]
-- }

entry main (a: []f16) (b: []f16) : ([]u16, []u16, []u16, []u16, []u16) =
  let bits = map f16.to_bits
  in (bits (map2 (+) a b), bits (map2 (-) a b), bits (map2 (*) a b), bits (map2 (/) a b),
      bits (map (\x -> f16.sqrt (f16.abs x)) a))
