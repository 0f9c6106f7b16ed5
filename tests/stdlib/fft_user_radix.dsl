-- mk_fft_radix: the planner takes the user's radix first for every factor it divides.
-- A butterfly that returns twice the DFT shows how many passes used it: 2^k times the
-- DFT for n = 3^k with a doubled radix 3, and for n = 6^k with a doubled radix 6; a
-- doubled radix 11 (not built in) makes n = 121 two passes of it, not Bluestein's.
-- Each result is the factor by which the transform differs from the DFT (or -1 when it
-- is not a multiple of it).
-- ==
-- entry: by3
-- input { [1i64, 3i64, 9i64, 27i64, 81i64, 24i64, 15i64, 2i64] }
-- output { [1.0, 2.0, 4.0, 8.0, 16.0, 2.0, 2.0, 1.0] }
-- entry: by6
-- input { [6i64, 36i64, 216i64, 12i64, 18i64, 8i64] }
-- output { [2.0, 4.0, 8.0, 2.0, 2.0, 1.0] }
-- entry: by11
-- input { [11i64, 121i64, 22i64, 13i64] }
-- output { [2.0, 4.0, 2.0, 1.0] }

import "fft"
import "complex"

module c = complex64

def dft [n] (xs: [n]c.t) : [n]c.t =
  tabulate n (\k -> reduce (c.+) c.zero (tabulate n (\j ->
    xs[j] c.* c.cis (-2 * f64.pi * f64.i64 ((j * k) % n) / f64.i64 n))))

-- | Twice the DFT of size r, as a radix module.
module doubled (P: { val r: i64 }) : fft_radix with real = f64 = {
  type real = f64
  def r = P.r
  def butterfly (xs: [r](f64, f64)) : [r](f64, f64) = map (c.scale 2) (dft xs)
}

-- | got = s * want for one real s (checked elementwise), or -1.
def factor [n] (got: [n]c.t) (want: [n]c.t) : f64 =
  let s = f64.sum (map2 (\g w -> c.re g * c.re w + c.im g * c.im w) got want)
          / f64.max 1e-300 (f64.sum (map (\w -> c.re w * c.re w + c.im w * c.im w) want))
  let ok = all (\(g, w) -> c.mag (g c.- c.scale s w) <= 1e-9 * (1 + c.mag w)) (zip got want)
  in if ok then f64.round (s * 1000) / 1000 else -1

def input (n: i64) : [n]c.t = tabulate n (\j -> (f64.sin (f64.i64 j) + 1, f64.cos (f64.i64 j * 2.5)))

module f3 = mk_fft_radix f64 (doubled { def r = 3i64 })
module f6 = mk_fft_radix f64 (doubled { def r = 6i64 })
module f11 = mk_fft_radix f64 (doubled { def r = 11i64 })

entry by3 (ns: []i64) : []f64 = map (\n -> let x = input n in factor (f3.fft x) (dft x)) ns
entry by6 (ns: []i64) : []f64 = map (\n -> let x = input n in factor (f6.fft x) (dft x)) ns
entry by11 (ns: []i64) : []f64 = map (\n -> let x = input n in factor (f11.fft x) (dft x)) ns
