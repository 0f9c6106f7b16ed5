-- One transform of a row longer than the on-chip limit (16, set by `mk_fft_limits`):
-- the split (`four_step` in stdlib/fft.dsl) is a function of its own, whose two maps of
-- Stockham's passes are kernels on OpenCL. Each check says whether the relative rms
-- error against the DFT by its definition is within the bound; 17 does not split (a
-- direct pass); 12 and 16 take Stockham's passes in place (`in_place`, set to 8 ...
-- 16). fft_split.dsl: batches.
-- ==
-- entry: single
-- input { 64i64 } output { true }
-- input { 200i64 } output { true }
-- input { 243i64 } output { true }
-- input { 17i64 } output { true }
-- input { 12i64 } output { true }
-- input { 16i64 } output { true }

import "fft"
import "complex"

module c = complex64
module split64 = mk_fft_limits f64 (no_radix f64) {
  def onchip_max = 16i64
  def in_place (n: i64) = n >= 8 && n <= 16
}

def value (i: i64) : c.t = (f64.sin (f64.i64 i * 0.7), f64.cos (f64.i64 (i * i % 97) * 0.3))

def dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k -> reduce (c.+) c.zero (tabulate n (\j ->
    xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

def sq (z: c.t) : f64 = c.re z * c.re z + c.im z * c.im z

def relerr [n] (a: [n]c.t) (b: [n]c.t) : f64 =
  f64.sqrt (f64.sum (map2 (\x y -> sq (x c.- y)) a b) / f64.max 1e-300 (f64.sum (map sq b)))

entry single (n: i64) : bool =
  let row = tabulate n value
  in relerr (split64.fft row) (dft row) <= 1e-14 * f64.max 1 (f64.log2 (f64.i64 n))
