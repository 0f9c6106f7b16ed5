-- A radix-4 DFT written with tabulate over [4] arrays and twiddle factors, as an FFT
-- pass does for each group of 4: the tabulate (a map over iota 4), the inner reduce
-- over 4 terms and the inner map all unroll, the twiddle factors of constant
-- arguments fold to constants, and the arrays in between are gone. After
-- simplification `dft4` holds no map, reduce, loop or apply, and the only array
-- literals are those of its two results.
-- Structure after simplification (dump --after simplify --structure): array 2
-- ==
-- structure { loop 0 map 0 }
-- entry: dft4
-- input { [1f32, 2f32, 3f32, 4f32] [0f32, 0f32, 0f32, 0f32] }
-- output { [10.0f32, -2.0f32, -2.0f32, -2.0000002f32] [0.0f32, 2.0000002f32, 5.2453663e-7f32,
--          -1.9999998f32] }
-- input { [0.5f32, -1f32, 0f32, 2f32] [1f32, 0f32, -3f32, 0.25f32] }
-- output { [1.5f32, 0.25000033f32, -0.5f32, 0.7500001f32] [-1.75f32, 7.0f32, -2.2499998f32,
--          1.0f32] }
def twiddle (k: i64) : (f32, f32) =
  let a = -2 * f32.pi * f32.i64 k / 4
  in (f32.cos a, f32.sin a)

def cmul (a: (f32, f32)) (b: (f32, f32)) = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
def cadd (a: (f32, f32)) (b: (f32, f32)) = (a.0 + b.0, a.1 + b.1)

entry dft4 (re: [4]f32) (im: [4]f32) =
  unzip (tabulate 4 (\k -> reduce cadd (0, 0)
                                  (map (\j -> cmul (re[j], im[j]) (twiddle (j * k % 4)))
                                       (iota 4))))
