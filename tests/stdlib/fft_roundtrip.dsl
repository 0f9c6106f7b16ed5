-- Round trips: ifft (fft x) and irfft n (rfft x) give x back, for lengths of every
-- kind (powers of two, odd radices, mixed, Bluestein's primes), in f32 and f64. Each
-- result says whether one length's relative rms error is within the bound.
-- ==
-- entry: complex64 real64 complex32 real32
-- input { [0i64, 1i64, 2i64, 3i64, 5i64, 7i64, 8i64, 12i64, 16i64, 17i64, 30i64, 49i64,
--          64i64, 97i64, 100i64, 128i64, 243i64, 256i64, 1009i64, 4096i64] }
-- output { [true, true, true, true, true, true, true, true, true, true, true, true, true,
--           true, true, true, true, true, true, true] }

import "fft"

def input (n: i64) : [n]f64 = tabulate n (\j -> f64.sin (f64.i64 j * 0.37) - 0.5 * f64.cos (f64.i64 j))

def relerr [n] (a: [n]f64) (b: [n]f64) : f64 =
  f64.sqrt (f64.sum (map2 (\x y -> (x - y) * (x - y)) a b)
            / f64.max 1e-300 (f64.sum (map (\x -> x * x) b)))

def bound64 (n: i64) : f64 = 1e-14 * f64.max 1 (f64.log2 (f64.i64 n))

entry complex64 (ns: []i64) : []bool =
  map (\n ->
    let x = zip (input n) (map (* 0.5) (reverse (input n)))
    let (re, im) = unzip (fft64.ifft (fft64.fft x))
    in relerr (re ++ im) (map (.0) x ++ map (.1) x) <= bound64 n) ns

entry real64 (ns: []i64) : []bool =
  map (\n -> let x = input n in relerr (fft64.irfft n (fft64.rfft x)) x <= bound64 n) ns

entry complex32 (ns: []i64) : []bool =
  map (\n ->
    let x = map f32.f64 (input n)
    let z = zip x (map (* 0.5) (reverse x))
    let (re, im) = unzip (fft32.ifft (fft32.fft z))
    let err = relerr (map f64.f32 (re ++ im)) (map f64.f32 (map (.0) z ++ map (.1) z))
    in err <= 1e-6) ns

entry real32 (ns: []i64) : []bool =
  map (\n ->
    let x = map f32.f64 (input n)
    in relerr (map f64.f32 (fft32.irfft n (fft32.rfft x))) (map f64.f32 x) <= 1e-6) ns
