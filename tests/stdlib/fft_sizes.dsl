-- fft32 and fft64 against a direct DFT (computed in f64 with exact angles), for every
-- length 0..64, powers of 2, 3, 5 and 7, mixed products, primes up to 61 (direct passes:
-- 11..61, 122 = 2 * 61, 3599 = 59 * 61) and primes that go through Bluestein's algorithm
-- (67, 97, 257, 1009, 4087 = 61 * 67). Each result says whether the relative rms error of one
-- length is within the bound: 1e-14 * log2 n for f64, 1e-6 for f32.
-- ==
-- entry: check64 check32
-- input { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64,
--   13i64, 14i64, 15i64, 16i64, 17i64, 18i64, 19i64, 20i64, 21i64, 22i64, 23i64, 24i64,
--   25i64, 26i64, 27i64, 28i64, 29i64, 30i64, 31i64, 32i64, 33i64, 34i64, 35i64, 36i64,
--   37i64, 38i64, 39i64, 40i64, 41i64, 42i64, 43i64, 44i64, 45i64, 46i64, 47i64, 48i64,
--   49i64, 50i64, 51i64, 52i64, 53i64, 54i64, 55i64, 56i64, 57i64, 58i64, 59i64, 60i64,
--   61i64, 62i64, 63i64, 64i64] }
-- output { [true, true, true, true, true, true, true, true, true, true, true, true, true,
--   true, true, true, true, true, true, true, true, true, true, true, true, true, true, true,
--   true, true, true, true, true, true, true, true, true, true, true, true, true, true, true,
--   true, true, true, true, true, true, true, true, true, true, true, true, true, true, true,
--   true, true, true, true, true, true, true] }
-- input { [128i64, 256i64, 512i64, 1024i64, 81i64, 243i64, 125i64, 625i64, 343i64,
--   96i64, 100i64, 210i64, 360i64, 1000i64, 97i64, 1009i64, 257i64, 2310i64, 194i64,
--   67i64, 122i64, 3599i64, 4087i64] }
-- output { [true, true, true, true, true, true, true, true, true, true, true, true, true,
--   true, true, true, true, true, true, true, true, true, true] }

import "fft"
import "complex"

module c = complex64

-- | X[k] = sum_j x[j] exp(-2 pi i (j k mod n) / n), in f64.
def dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k -> reduce (c.+) c.zero (tabulate n (\j ->
    xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

-- | A deterministic input of length n with no symmetry.
def input (n: i64) : [n]c.t =
  tabulate n (\j -> (f64.sin (f64.i64 j * 1.3) + 0.25, f64.cos (f64.i64 (j * j % 1013) * 0.7)))

-- | The relative rms error of a against the reference b.
def relerr [n] (a: [n]c.t) (b: [n]c.t) : f64 =
  let sq (z: c.t) = c.re z * c.re z + c.im z * c.im z
  in f64.sqrt (f64.sum (map2 (\x y -> sq (x c.- y)) a b) / f64.max 1e-300 (f64.sum (map sq b)))

def log2 (n: i64) : f64 = f64.max 1 (f64.log2 (f64.i64 n))

entry check64 (ns: []i64) : []bool =
  map (\n -> let x = input n in relerr (fft64.fft x) (dft x) <= 1e-14 * log2 n) ns

entry check32 (ns: []i64) : []bool =
  map (\n ->
    let x = input n
    let y = fft32.fft (map (\(a, b) -> (f32.f64 a, f32.f64 b)) x)
    in relerr (map (\(a, b) -> (f64.f32 a, f64.f32 b)) y) (dft x) <= 1e-6) ns
