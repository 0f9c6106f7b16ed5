-- | A radix of one's own: radix 6, plugged into the standard library's FFT with
-- `mk_fft_radix`, and checked against the library's `fft64` and a naive DFT.
--
--     ./prismc c examples/fft_radix.dsl -o examples/fft_radix
--     ./examples/fft_radix < examples/fft_radix.in
--
-- prints the lengths of examples/fft_radix.in (1, which takes no pass; 6; multiples of 6
-- whose plans take a pass of radix 6 and passes of the built-in radices; 216 and 1296,
-- three and four passes of radix 6), then for each length the largest error of
-- `my_fft.fft` against the naive DFT and against `fft64.fft` (relative to the largest
-- magnitude of the reference), then `true` when every error is below 1e-12.
--
-- How to write a radix (stdlib/fft.dsl's radices 2 to 16 are written so):
--
-- * A radix is a module of type `fft_radix`: the real type `real`, the radix `r`, and
--   `butterfly`, the forward r-point DFT of r complex numbers,
--   y[k] = sum_j x[j] exp(-2 pi i j k / r), unscaled, with the minus sign. The
--   Stockham pass of the library multiplies its inputs by the twiddles and puts its
--   outputs in place: the butterfly is the plain DFT and nothing more.
-- * Write it for any real type, as a functor of `R: real` whose result is
--   `fft_radix with real = R.t`, and build it from `mk_complex R`'s operations
--   (`import "complex"`: importing "fft" does not bring them into scope) and from
--   the built-in radices; constants go through `R.f64`. An array literal gets the
--   size `r` with `:> [r]c.t`.
-- * `mk_fft_radix R X` makes the transforms with `X` preferred: for every pass, the
--   planner takes `X.r` when it divides what is left of the length, else the built-in
--   radices (16, 8, 4, 2, 7, 5, 3). Lengths that the radices do not factor go through
--   Bluestein's algorithm, whose power-of-two transforms a radix like 6 never divides.
-- * A butterfly runs inside one work-item, its arrays in registers or private memory:
--   keep r small (the built-in radices stop at 16).
-- * Check it, as `main` below does, on lengths that use it: r, r times each built-in
--   radix, and powers of r.

import "complex"
import "fft"

-- | Radix 6 as a 2 x 3 decomposition without twiddles: Good and Thomas's prime-factor
-- algorithm, since 2 and 3 are coprime. With j = (3 j1 + 2 j2) mod 6 and
-- k = (3 k1 + 4 k2) mod 6 (the Chinese remainder theorem: k = k1 mod 2, k = k2 mod 3),
-- exp(-2 pi i j k / 6) = exp(-2 pi i j1 k1 / 2) exp(-2 pi i j2 k2 / 3), so
--   y[(3 k1 + 4 k2) mod 6] = sum_j2 exp(-2 pi i j2 k2 / 3)
--                              sum_j1 exp(-2 pi i j1 k1 / 2) x[(3 j1 + 2 j2) mod 6]:
-- three radix-2 butterflies of (x0, x3), (x2, x5), (x4, x1), then two radix-3
-- butterflies of their first and of their second results.
module radix6 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  module r2 = radix2 R
  module r3 = radix3 R
  type real = R.t
  def r = 6i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let a = r2.butterfly ([x[0], x[3]] :> [r2.r]c.t)
    let b = r2.butterfly ([x[2], x[5]] :> [r2.r]c.t)
    let d = r2.butterfly ([x[4], x[1]] :> [r2.r]c.t)
    let e = r3.butterfly ([a[0], b[0], d[0]] :> [r3.r]c.t) -- k1 = 0: y0, y4, y2
    let o = r3.butterfly ([a[1], b[1], d[1]] :> [r3.r]c.t) -- k1 = 1: y3, y1, y5
    in [e[0], o[1], e[2], o[0], e[1], o[2]] :> [r]c.t
}

-- | The transforms of f64 with radix 6 first.
module my_fft = mk_fft_radix f64 (radix6 f64)

module c = complex64

-- | The DFT by its definition, O(n^2); the angle's j k is reduced mod n exactly.
def naive_dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k ->
    reduce (c.+) c.zero (tabulate n (\j ->
      xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

-- | A test signal of length n: pseudo-random parts in [-1, 1).
def signal (n: i64) : [n]c.t =
  let part (s: i64) = f64.i64 ((s * 1103515245 + 12345) % 65536) / 32768 - 1
  in tabulate n (\j -> c.mk (part (2 * j + 1)) (part (2 * j + 2)))

-- | The largest |a[k] - b[k]|, relative to the largest |b[k]|.
def max_error [n] (a: [n]c.t) (b: [n]c.t) : f64 =
  let scale = f64.max 1 (f64.maximum (map c.mag b))
  in f64.maximum (map2 (\x y -> c.mag (x c.- y)) a b) / scale

-- | The lengths, then for each the error of `my_fft.fft` against the naive DFT and
-- against `fft64.fft`, then whether all the errors are below 1e-12.
entry main [k] (lengths: [k]i64) : ([k]i64, [k]f64, [k]f64, bool) =
  let (naive, library) = unzip (map (\n ->
      let xs = signal n
      let ys = my_fft.fft xs
      in (max_error ys (naive_dft xs), max_error ys (fft64.fft xs))) lengths)
  in (lengths, naive, library, all (< 1e-12) (naive ++ library))
