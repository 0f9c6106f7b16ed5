-- | Fast Fourier transforms of any length, for any real type, with radices written in
-- Prism.
--
--     import "fft"
--     entry main [b][n] (rows: [b][n](f32, f32)) = map fft32.fft rows
--
-- The names follow Futhark's FFT package: `fft`, `ifft`, `fft_re`, `rfft`, `irfft`,
-- `fft2`, `ifft2`, `rfft2`, `irfft2`, `fft3`, `ifft3`. A complex number is a pair (real
-- part, imaginary part), so an array of them is two arrays of reals underneath.
--
-- How it works (docs/fft.md has the whole story):
--
-- * A radix is a module of type `fft_radix`: a size `r` and its `butterfly`, the
--   forward r-point DFT. The built-in radices 2, 3, 4, 5, 7, 8 and 16 below are such
--   modules; a user's radix is plugged in with `mk_fft_radix`.
-- * `stockham_pass` turns any radix into one pass of Stockham's autosort FFT (no bit
--   reversal): with `ns` the length of the sub-transforms done so far and m = n/r,
--   work-item j (of m) reads x[j + q m] for q < r, multiplies them by the twiddles
--   w^(q k), w = exp(-2 pi i / (ns r)), k = j mod ns, applies the butterfly, and writes
--   result q to y[(j - k) r + k + q ns].
-- * The planner takes, pass after pass, the first radix in its order that divides what
--   is left of n: the user's radix, then 16, 8, 4, 2, then 7, 5, 3. Large radices
--   first means few passes (each pass is a trip through memory); the odd radices come
--   last because they cost more arithmetic per element. Another prime factor p <= 64
--   takes a direct pass: the DFT of p inputs by its definition.
-- * A length with a larger prime factor that no radix divides goes through Bluestein's
--   algorithm: the DFT as a convolution with the chirp exp(-pi i k^2 / n), done by
--   power-of-two FFTs of length m >= 2n - 1.
-- * A module made by `mk_fft_limits` splits a row longer than its limit into FFTs of
--   two factors (`four_step`, Bailey's four-step algorithm); `fft32` and `fft64` do
--   not split (docs/fft.md, "Long rows", says why).
-- * Twiddles come from one table, computed in f64 from exact angles (then rounded to
--   the real type), once per call: exp(-2 pi i k / n) for k < n, then each pass's
--   twiddles in the order its work-items read them. The table depends on n alone, so
--   the compiler's hoisting moves it out of a batch's `map`.

import "complex"

-- | A radix: an r-point forward DFT on r complex numbers,
-- y[k] = sum_j x[j] exp(-2 pi i j k / r).
module type fft_radix = {
  -- | The type of the real and imaginary parts.
  type real
  -- | The radix.
  val r: i64
  -- | The forward r-point DFT.
  val butterfly: [r](real, real) -> [r](real, real)
}

-- | Fourier transforms over one real type.
module type fft = {
  -- | The type of the real and imaginary parts.
  type real
  -- | The forward DFT, unscaled: X[k] = sum_j x[j] exp(-2 pi i j k / n).
  -- W(n log n), S(log n) for lengths whose prime factors have radices.
  val fft [n]: [n](real, real) -> [n](real, real)
  -- | The inverse DFT, scaled by 1/n: `ifft (fft x)` is x.
  val ifft [n]: [n](real, real) -> [n](real, real)
  -- | The forward DFT of real input.
  val fft_re [n]: [n]real -> [n](real, real)
  -- | The first n/2+1 elements of the DFT of real input (the rest are their
  -- conjugates), as numpy.fft.rfft.
  val rfft [n]: [n]real -> [n/2+1](real, real)
  -- | The real signal of length n whose `rfft` is the given half spectrum, as
  -- numpy.fft.irfft(x, n); k must be n/2+1. The imaginary parts of the first element
  -- (and of the last, for even n) are ignored.
  val irfft [k]: (n: i64) -> [k](real, real) -> [n]real
  -- | The 2-D forward DFT: `fft` along both axes.
  val fft2 [n][m]: [n][m](real, real) -> [n][m](real, real)
  -- | The 2-D inverse DFT, scaled by 1/(n m).
  val ifft2 [n][m]: [n][m](real, real) -> [n][m](real, real)
  -- | The 2-D DFT of real input, its first m/2+1 columns (the rest are conjugates), as
  -- numpy.fft.rfft2: `rfft` along the rows, then `fft` along the columns.
  val rfft2 [n][m]: [n][m]real -> [n][m/2+1](real, real)
  -- | The real [n][m] array whose `rfft2` is the given one, as numpy.fft.irfft2(x,
  -- (n, m)): `ifft` along the columns, then `irfft m` along the rows; k must be m/2+1.
  val irfft2 [n][k]: (m: i64) -> [n][k](real, real) -> [n][m]real
  -- | The 3-D forward DFT: `fft` along all three axes.
  val fft3 [a][n][m]: [a][n][m](real, real) -> [a][n][m](real, real)
  -- | The 3-D inverse DFT, scaled by 1/(a n m).
  val ifft3 [a][n][m]: [a][n][m](real, real) -> [a][n][m](real, real)
}

-- ------------------------------------------------------------------ The radices

-- | Radix 2: y = (x0 + x1, x0 - x1).
module radix2 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  type real = R.t
  def r = 2i64
  def butterfly (x: [r]c.t) : [r]c.t = [x[0] c.+ x[1], x[0] c.- x[1]] :> [r]c.t
}

-- | Radix 3, with w = exp(-2 pi i / 3) = -1/2 - i sqrt(3)/2:
-- y1, y2 = x0 - (x1 + x2)/2 -+ i sqrt(3)/2 (x1 - x2).
module radix3 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  type real = R.t
  def r = 3i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let s = x[1] c.+ x[2]
    let d = c.scale (R.f64 0.86602540378443864676) (c.mul_neg_i (x[1] c.- x[2]))
    let a = x[0] c.- c.scale (R.f64 0.5) s
    in [x[0] c.+ s, a c.+ d, a c.- d] :> [r]c.t
}

-- | Radix 4: two radix-2 steps; the twiddle -i costs no multiplication.
module radix4 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  type real = R.t
  def r = 4i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let a = x[0] c.+ x[2]
    let b = x[0] c.- x[2]
    let d = x[1] c.+ x[3]
    let e = c.mul_neg_i (x[1] c.- x[3])
    in [a c.+ d, b c.+ e, a c.- d, b c.- e] :> [r]c.t
}

-- | Radix 5, with c_k = cos(2 pi k / 5), s_k = sin(2 pi k / 5), t1 = x1 + x4,
-- t2 = x2 + x3, u1 = x1 - x4, u2 = x2 - x3:
-- y1, y4 = x0 + c1 t1 + c2 t2 -+ i (s1 u1 + s2 u2),
-- y2, y3 = x0 + c2 t1 + c1 t2 -+ i (s2 u1 - s1 u2).
module radix5 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  type real = R.t
  def r = 5i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let (c1, c2) = (R.f64 0.30901699437494742410, R.f64 (-0.80901699437494742410))
    let (s1, s2) = (R.f64 0.95105651629515357212, R.f64 0.58778525229247312917)
    let (t1, t2) = (x[1] c.+ x[4], x[2] c.+ x[3])
    let (u1, u2) = (x[1] c.- x[4], x[2] c.- x[3])
    let a1 = x[0] c.+ c.scale c1 t1 c.+ c.scale c2 t2
    let a2 = x[0] c.+ c.scale c2 t1 c.+ c.scale c1 t2
    let b1 = c.mul_neg_i (c.scale s1 u1 c.+ c.scale s2 u2)
    let b2 = c.mul_neg_i (c.scale s2 u1 c.- c.scale s1 u2)
    in [x[0] c.+ t1 c.+ t2, a1 c.+ b1, a2 c.+ b2, a2 c.- b2, a1 c.- b1] :> [r]c.t
}

-- | Radix 7, as radix 5 with three pairs: for k = 1, 2, 3,
-- y_k, y_(7-k) = x0 + sum_j c_(jk) t_j -+ i sum_j s_(jk) u_j, where
-- t_j = x_j + x_(7-j), u_j = x_j - x_(7-j), c_m = cos(2 pi m / 7), s_m = sin(2 pi m / 7).
module radix7 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  type real = R.t
  def r = 7i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let (c1, c2, c3) = (R.f64 0.62348980185873353053, R.f64 (-0.22252093395631440429),
                        R.f64 (-0.90096886790241912624))
    let (s1, s2, s3) = (R.f64 0.78183148246802980871, R.f64 0.97492791218182360702,
                        R.f64 0.43388373911755812048)
    let (t1, t2, t3) = (x[1] c.+ x[6], x[2] c.+ x[5], x[3] c.+ x[4])
    let (u1, u2, u3) = (x[1] c.- x[6], x[2] c.- x[5], x[3] c.- x[4])
    let a (p: real) (q: real) (s: real) =
      x[0] c.+ c.scale p t1 c.+ c.scale q t2 c.+ c.scale s t3
    let b (p: real) (q: real) (s: real) =
      c.mul_neg_i (c.scale p u1 c.+ c.scale q u2 c.+ c.scale s u3)
    let (a1, b1) = (a c1 c2 c3, b s1 s2 s3)
    let (a2, b2) = (a c2 c3 c1, b s2 (R.neg s3) (R.neg s1))
    let (a3, b3) = (a c3 c1 c2, b s3 (R.neg s1) s2)
    in [x[0] c.+ t1 c.+ t2 c.+ t3, a1 c.+ b1, a2 c.+ b2, a3 c.+ b3,
        a3 c.- b3, a2 c.- b2, a1 c.- b1] :> [r]c.t
}

-- | Multiplication by exp(-2 pi i / 8) = (1 - i)/sqrt 2 and by its cube (-1 - i)/sqrt 2:
-- two multiplications each.
local module eighths (R: real) = {
  def h = R.f64 0.70710678118654752440
  def mul_w1 ((a, b): (R.t, R.t)) : (R.t, R.t) = (h R.* (a R.+ b), h R.* (b R.- a))
  def mul_w3 ((a, b): (R.t, R.t)) : (R.t, R.t) = (h R.* (b R.- a), R.neg (h R.* (a R.+ b)))
}

-- | Radix 8: radix-4 butterflies of the even and of the odd elements, joined by
-- y_k, y_(k+4) = e_k +- w^k o_k with w = exp(-2 pi i / 8) = (1 - i)/sqrt 2: the
-- twiddles w, -i and w^3 cost two multiplications or none.
module radix8 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  module r4 = radix4 R
  open eighths R
  type real = R.t
  def r = 8i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let e = r4.butterfly ([x[0], x[2], x[4], x[6]] :> [r4.r]c.t)
    let o = r4.butterfly ([x[1], x[3], x[5], x[7]] :> [r4.r]c.t)
    let o1 = mul_w1 o[1]
    let o2 = c.mul_neg_i o[2]
    let o3 = mul_w3 o[3]
    in [e[0] c.+ o[0], e[1] c.+ o1, e[2] c.+ o2, e[3] c.+ o3,
        e[0] c.- o[0], e[1] c.- o1, e[2] c.- o2, e[3] c.- o3] :> [r]c.t
}

-- | Radix 16: radix-8 butterflies of the even and of the odd elements, joined by
-- y_k, y_(k+8) = e_k +- w^k o_k with w = exp(-2 pi i / 16).
module radix16 (R: real) : fft_radix with real = R.t = {
  module c = mk_complex R
  module r8 = radix8 R
  open eighths R
  type real = R.t
  def r = 16i64
  def butterfly (x: [r]c.t) : [r]c.t =
    let e = r8.butterfly (tabulate r8.r (\j -> x[2 * j]))
    let o = r8.butterfly (tabulate r8.r (\j -> x[2 * j + 1]))
    let (c1, s1) = (R.f64 0.92387953251128675613, R.f64 0.38268343236508977173)
    let ow = [o[0], o[1] c.* (c1, R.neg s1), mul_w1 o[2], o[3] c.* (s1, R.neg c1),
              c.mul_neg_i o[4], o[5] c.* (R.neg s1, R.neg c1), mul_w3 o[6],
              o[7] c.* (R.neg c1, R.neg s1)]
    in tabulate r (\k -> if k < 8 then e[k] c.+ ow[k] else e[k - 8] c.- ow[k - 8])
}

-- | No radix: the radix that `mk_fft` gives the planner in place of a user's (r = 1 is
-- never chosen).
module no_radix (R: real) : fft_radix with real = R.t = {
  type real = R.t
  def r = 1i64
  def butterfly (x: [r](R.t, R.t)) : [r](R.t, R.t) = x
}

-- ------------------------------------------------------------------ Stockham

-- | One pass of Stockham's autosort FFT with radix `X.r`, from `src` into `dst`.
-- The sub-transforms of length ns done so far become sub-transforms of length ns r:
-- with m = n / r, k = j mod ns,
--   dst[(j - k) r + k + q ns] = sum_p src[j + p m] w^(p k) exp(-2 pi i p q / r),
-- w = exp(-2 pi i / (ns r)), for j < m and q < r. The twiddle w^(p k) (p >= 1) is
-- tw[n + ns - 1 + (p - 1) ns + k], the pass's block of the table (`twiddles` in
-- `mk_fft_radix`): consecutive work-items (consecutive k) read consecutive entries.
module stockham_pass (R: real) (X: fft_radix with real = R.t) = {
  module c = mk_complex R
  def pass [n][t] (at: i64) (tw: [t]c.t) (ns: i64) (src: [n]c.t) (dst: *[n]c.t) : *[n]c.t =
    let m = n / X.r
    let block = at + n + ns - 1
    let (is, vs) = unzip (tabulate m (\j ->
        let k = j % ns
        -- In bounds by construction (j < m, p < r, k < ns, and the table holds 2 n
        -- entries): unchecked.
        let v = #[unsafe] tabulate X.r (\p ->
          if p == 0 then src[j] else src[j + p * m] c.* tw[block + (p - 1) * ns + k])
        let base = (j - k) * X.r + k
        in (tabulate X.r (\q -> base + q * ns), X.butterfly v)))
    in scatter dst (flatten is) (flatten vs)

  -- | `pass` over one buffer: its results replace its input. `pass`'s body again:
  -- a function of both would be called twice, too large for the simplifier to inline
  -- (SIMPLIFY_INLINE_SIZE), and the C backend would call it in every pass of a row.
  def pass_in_place [n][t] (at: i64) (tw: [t]c.t) (ns: i64) (xs: *[n]c.t) : *[n]c.t =
    let m = n / X.r
    let block = at + n + ns - 1
    let (is, vs) = unzip (tabulate m (\j ->
        let k = j % ns
        let v = #[unsafe] tabulate X.r (\p ->
          if p == 0 then xs[j] else xs[j + p * m] c.* tw[block + (p - 1) * ns + k])
        let base = (j - k) * X.r + k
        in (tabulate X.r (\q -> base + q * ns), X.butterfly v)))
    in scatter xs (flatten is) (flatten vs)
}

-- | How long a row the library transforms by Stockham's passes alone.
module type fft_limits = {
  -- | The longest length that Stockham's passes transform alone: a longer one that
  -- splits into two factors no longer than this goes through `four_step`.
  val onchip_max: i64
  -- | Whether Stockham's passes over a row of length n take one buffer
  -- (`stockham_in_place`) rather than two.
  val in_place: i64 -> bool
}

-- | No row is split: the limits of `mk_fft_radix` and `mk_fft`, whose real type may
-- be any. With this limit the split's branch is dead and the compiler removes it.
module unsplit : fft_limits = {
  def onchip_max : i64 = i64.highest
  def in_place (_: i64) : bool = false
}

-- | The limits of `fft32` and `fft64`: rows longer than 64 KiB (8192 f32 or 4096 f64
-- complex numbers) split. On a GPU the split pays from rows of 4096 f32 or 2048 f64
-- on (docs/fft.md, "Long rows"), where limits of 2048 and 1024 take it; the C
-- backend's split loses up to 2^13 f32 and wins from 2^16 on, so the default is
-- between the two. Every row takes two buffers (`in_place`): one buffer pays on a GPU
-- for rows whose two buffers do not fit its local memory (docs/fft.md, "One buffer"),
-- but its code doubles the host code of test programs that map over their cases.
module limits32 : fft_limits = {
  def onchip_max : i64 = 8192
  def in_place (_: i64) : bool = false
}

module limits64 : fft_limits = {
  def onchip_max : i64 = 4096
  def in_place (_: i64) : bool = false
}

-- | Transforms over the real type `R.t` with the user's radix `X` preferred, rows
-- longer than `L.onchip_max` split in two (`four_step`).
module mk_fft_limits (R: real) (X: fft_radix with real = R.t) (L: fft_limits)
                     : fft with real = R.t = {
  module c = mk_complex R
  type real = R.t
  type complex = c.t

  module p_user = stockham_pass R X
  module p16 = stockham_pass R (radix16 R)
  module p8 = stockham_pass R (radix8 R)
  module p4 = stockham_pass R (radix4 R)
  module p2 = stockham_pass R (radix2 R)
  module p7 = stockham_pass R (radix7 R)
  module p5 = stockham_pass R (radix5 R)
  module p3 = stockham_pass R (radix3 R)

  -- | The largest prime that a direct pass (`direct_pass`) takes; a length with a
  -- larger prime factor that no radix divides goes through Bluestein's algorithm.
  def direct_max : i64 = 64

  -- | The smallest prime factor of x > 1.
  def smallest_factor (x: i64) : i64 =
    loop p = 2 while p * p <= x && x % p != 0 do p + 1 + p % 2
    |> \p -> if p * p > x then x else p

  -- | The first radix module of the planner's order whose radix r divides `left`, and
  -- left / r; else (0, left). Only divisions by constants, which cannot fail, so that
  -- `twiddles`, which uses it, moves out of a batch's `map`.
  def module_step (left: i64) : (i64, i64) =
    if X.r > 1 && left % X.r == 0 then (X.r, left / X.r)
    else if left % 16 == 0 then (16, left / 16)
    else if left % 8 == 0 then (8, left / 8)
    else if left % 4 == 0 then (4, left / 4)
    else if left % 2 == 0 then (2, left / 2)
    else if left % 7 == 0 then (7, left / 7)
    else if left % 5 == 0 then (5, left / 5)
    else if left % 3 == 0 then (3, left / 3)
    else (0, left)

  -- | The planner's choice for what is left of n: the first radix of its order that
  -- divides `left`, else the smallest prime factor of `left` for a direct pass if it is
  -- at most `direct_max`, else 0 (no plan). Direct passes come after every pass of a
  -- radix module: dividing by a prime leaves no factor that a module takes.
  def radix_for (left: i64) : i64 =
    let (r, _) = module_step left
    in if r != 0 then r
       else let p = smallest_factor left in if p <= direct_max then p else 0

  -- | Whether the radices factor n completely (n = 0 and 1 need no pass).
  def plannable (n: i64) : bool =
    let left = loop left = n while left > 1 && radix_for left != 0 do left / radix_for left
    in left <= 1

  -- | exp(-2 pi i a / b), computed in f64 and rounded to the real type.
  def root (a: i64) (b: i64) : complex =
    let x = -2 * f64.pi * f64.i64 a / f64.i64 b
    in (R.f64 (f64.cos x), R.f64 (f64.sin x))

  -- | The twiddle table of a length n: 2 n entries. The first n are exp(-2 pi i t / n)
  -- (direct passes read them). Then each pass of a radix module has a block: the pass
  -- that makes sub-transforms of length ns r from ns holds w^(p k), w = exp(-2 pi i /
  -- (ns r)), at n + ns - 1 + (p - 1) ns + k for 1 <= p < r and k < ns. The blocks
  -- follow each other, since (r - 1) ns = ns r - ns; what follows the last (direct
  -- passes come last, and the table's last entry) is 1. A pass's work-items read their
  -- block in order of k, where the first half's stride p k n / (ns r) would scatter
  -- their reads over the table.
  --
  -- Only `for` loops and divisions by constants (`module_step`): the table cannot fail
  -- and ends, so the compiler makes it once per call, out of a batch's `map` (it
  -- depends on n alone). The block of u is found along the plan, at most bits(u + 1)
  -- passes in (block i starts at ns - 1 >= 2^i - 1).
  def twiddle (n: i64) (t: i64) : complex =
      if t < n then root t n
      else
        let u = t - n
        let passes = 64 - i64.i32 (i64.clz (u + 1))
        -- r: the pass's radix, q: what is left of n after it
        let (r0, q0) = module_step n
        let (ns, r, _) =
          loop (ns, r, q) = (1, r0, q0) for _i < passes do
            if r != 0 && ns * r - 1 <= u
            then let (r2, q2) = module_step q in (ns * r, r2, q2)
            else (ns, r, q)
        -- u = ns - 1 + (p - 1) ns + k: p and k by subtraction (p < r)
        let (p, k) = loop (p, k) = (1, u - (ns - 1)) for _i < r do
                       if k >= ns then (p + 1, k - ns) else (p, k)
        in if r != 0 then root (p * k) (ns * r) else c.one

  def twiddles (n: i64) : []complex = tabulate (2 * n) (twiddle n)

  -- | The results of a Stockham pass of radix p, a prime that no radix module has, as
  -- a direct DFT: each output sums its p inputs times their twiddles, all from the
  -- table (the twiddle of input s of output q is exp(-2 pi i s (k + q ns) / (ns p))).
  -- W(n p). `direct_pass` writes them into `dst`, as the other passes do, so that every
  -- pass of `stockham` leaves its result in the same buffer (in a kernel, one slot).
  def direct_values [n][t] (p: i64) (at: i64) (tw: [t]complex) (ns: i64) (src: [n]complex)
                    : *[n]complex =
    let m = n / p
    let stride = n / (ns * p)
    in tabulate n (\o ->
         let k = o % ns
         let j = (o / (ns * p)) * ns + k
         -- k + q ns with q = (o / ns) % p, written so that its bound is o's (n), not
         -- ns p's: the compiler's 32-bit index check bounds products by their factors
         let step = (o % (ns * p)) * stride
         -- t = s * step mod n, kept by adding step (< n) and wrapping: no division.
         -- In bounds by construction (j < m, s < p, t < n): unchecked.
         let (acc, _) = #[unsafe] loop (acc, t) = (c.zero, 0) for s < p do
           let t2 = t + step
           in (acc c.+ src[j + s * m] c.* tw[at + t], if t2 >= n then t2 - n else t2)
         in acc)

  def direct_pass [n][t] (p: i64) (at: i64) (tw: [t]complex) (ns: i64) (src: [n]complex)
                  (dst: *[n]complex)
                  : *[n]complex =
    scatter dst (iota n) (direct_values p at tw ns src)

  -- | One pass with radix r, which the planner chose; its twiddle table starts at
  -- tw[at].
  def pass [n][t] (r: i64) (at: i64) (tw: [t]complex) (ns: i64) (src: [n]complex)
             (dst: *[n]complex) : *[n]complex =
    if r == X.r then p_user.pass at tw ns src dst
    else if r == 16 then p16.pass at tw ns src dst
    else if r == 8 then p8.pass at tw ns src dst
    else if r == 4 then p4.pass at tw ns src dst
    else if r == 2 then p2.pass at tw ns src dst
    else if r == 7 then p7.pass at tw ns src dst
    else if r == 5 then p5.pass at tw ns src dst
    else if r == 3 then p3.pass at tw ns src dst
    else direct_pass r at tw ns src dst

  -- | `pass` over one buffer, its results replacing its input (`stockham_in_place`).
  def pass_in_place [n][t] (r: i64) (at: i64) (tw: [t]complex) (ns: i64) (xs: *[n]complex)
                    : *[n]complex =
    if r == X.r then p_user.pass_in_place at tw ns xs
    else if r == 16 then p16.pass_in_place at tw ns xs
    else if r == 8 then p8.pass_in_place at tw ns xs
    else if r == 4 then p4.pass_in_place at tw ns xs
    else if r == 2 then p2.pass_in_place at tw ns xs
    else if r == 7 then p7.pass_in_place at tw ns xs
    else if r == 5 then p5.pass_in_place at tw ns xs
    else if r == 3 then p3.pass_in_place at tw ns xs
    else let vs = direct_values r at tw ns xs in scatter xs (iota n) vs

  -- | Stockham's FFT of a length that the radices factor, with the twiddle table of n
  -- at tw[at] (so that one array holds the tables of several lengths): one pass per
  -- factor, the loop swapping its two buffers, the first of them xs (consumed: a
  -- caller with an array made for it passes it, the others a copy).
  def stockham_at [n][t] (at: i64) (tw: [t]complex) (xs: *[n]complex) : *[n]complex =
    let (ys, _, _) =
      loop (src: *[n]complex, dst: *[n]complex, ns) = (xs, replicate n c.zero, 1)
      while ns < n do
        let r = radix_for (n / ns)
        in (pass r at tw ns src dst, src, ns * r)
    in ys

  -- | Stockham's passes over one buffer, xs (consumed), where `stockham_at` swaps two:
  -- each pass scatters into the buffer it reads, which the compiler does through a copy
  -- made right before (Note [scatters that read their destination] in
  -- src/lower/snapshot.c), in group code in a global buffer of its own (Note [staged
  -- scatters] in src/lower/kernels.c), so that the row alone takes local memory. For
  -- rows whose two buffers would not fit there (`L.in_place`).
  def stockham_in_place [n][t] (tw: [t]complex) (xs: *[n]complex) : *[n]complex =
    let (ys, _) =
      loop (xs: *[n]complex, ns) = (xs, 1) while ns < n do
        let r = radix_for (n / ns)
        in (pass_in_place r 0 tw ns xs, ns * r)
    in ys

  -- | Stockham's FFT with the twiddle table of n (`twiddles n`), over one buffer or two
  -- as `L.in_place` says. In a batch's map the compiler makes a kernel of each arm,
  -- the branch being the same for every row (Note [unswitching maps] in
  -- src/lower/unswitch.c), so that each takes only its own buffers in local memory.
  def stockham [n][t] (tw: [t]complex) (xs: *[n]complex) : *[n]complex =
    if L.in_place n then stockham_in_place tw xs else stockham_at 0 tw xs

  -- | The smallest power of two >= x.
  def pow2_at_least (x: i64) : i64 = loop p = 1 while p < x do p * 2

  -- | Bluestein's algorithm: with w_k = exp(-pi i k^2 / n),
  -- X_k = w_k sum_j (x_j w_j) conj(w_(k-j)), a convolution done by FFTs of a power of
  -- two m >= 2n - 1. The angle's k^2 is reduced mod 2n exactly. Never inlined: its
  -- three transforms would be copied into every `map fft` of a program (the compiler
  -- inlines calls inside a map's lambda for kernels), for lengths that take this path
  -- only. It runs on the host, a row at a time, where one buffer would only cost a
  -- copy a pass: its transforms take two (`stockham_at`).
  #[noinline]
  def bluestein [n] (xs: [n]complex) : *[n]complex =
    let m = pow2_at_least (2 * n - 1)
    let tw = twiddles m
    let w = tabulate n (\k ->
      let a = -f64.pi * f64.i64 ((k * k) % (2 * n)) / f64.i64 n
      in (R.f64 (f64.cos a), R.f64 (f64.sin a)))
    let a = tabulate m (\k -> if k < n then xs[k] c.* w[k] else c.zero)
    let b = tabulate m (\k -> if k < n then c.conj w[k]
                              else if k > m - n then c.conj w[m - k] else c.zero)
    let fab = map2 (c.*) (stockham_at 0 tw a) (stockham_at 0 tw b)
    let conv = stockham_at 0 tw (map c.conj fab)
    let s = R.f64 (1 / f64.i64 m)
    in tabulate n (\k -> w[k] c.* c.scale s (c.conj conv[k]))

  -- | The smallest of the factors 2, 3, 5, 7 that divides `left`, and left divided
  -- by it; else (0, left). Divisions by constants only, as `module_step`.
  def split_step (left: i64) : (i64, i64) =
    if left % 2 == 0 then (2, left / 2)
    else if left % 3 == 0 then (3, left / 3)
    else if left % 5 == 0 then (5, left / 5)
    else if left % 7 == 0 then (7, left / 7)
    else (0, left)

  -- | n = n1 n2 for `four_step`: n1 the product of n's smallest factors (2, 3, 5, 7,
  -- in that order) while n1^2 <= n, n2 the rest, so that n1 <= sqrt n <= n2 when n
  -- has such small factors. A `for` loop with divisions by constants: it cannot fail,
  -- so a batch computes it once.
  def split (n: i64) : (i64, i64) =
    loop (n1, n2) = (1, n) for _i < 64 do
      let (r, q) = split_step n2
      in if r != 0 && (n1 * r) * (n1 * r) <= n then (n1 * r, q) else (n1, n2)

  -- | The FFT of a row too long for Stockham's passes alone, n = n1 n2 (Bailey's
  -- four-step algorithm, as the FFTs of LIFT and cuFFT compose long transforms from
  -- short ones): with x[j1 n2 + j2] the [n1][n2] matrix a[j1][j2],
  --   X[k1 + n1 k2] = sum_j2 w_n2^(j2 k2) w_n^(j2 k1) sum_j1 a[j1][j2] w_n1^(j1 k1):
  -- the FFTs of a's n2 columns (length n1), each element times w_n^(j2 k1), the FFTs
  -- of the n1 rows of that (length n2), and the transpose of the result read as a
  -- row. Each FFT is a map of `stockham` over rows that fit on chip; the compiler
  -- makes each a kernel over the rows of every element of a batch (Note [distributing
  -- maps] in src/lower/distribute.c). w_n^e, e = j2 k1 < n, is w_n1^(e / n2) w_n^(e
  -- mod n2), the first from the first n1 entries of the twiddles of n1, the second
  -- from a table of w_n^r for r < n2: two short tables, where one of n would be as
  -- long as the row (a product of values rounded once, within the library's accuracy
  -- bound). `tables` holds the three one after the other (`fft`). Never inlined by
  -- the simplifier: its two maps of `stockham` would be copied into every program's
  -- every call of `fft`, where a loop on the host over rows of different lengths (a
  -- test's shapes) needs one function; the compiler inlines it where it distributes a
  -- batch's map over it.
  #[noinline]
  def four_step [n][t] (n1: i64) (n2: i64) (tables: [t]complex) (xs: [n]complex) : *[n]complex =
    let a: [n1][n2]complex = unflatten (xs :> [n1 * n2]complex)
    let b = map (\col -> stockham_at 0 tables (copy col)) (transpose a)
    let wr = 2 * n1 + 2 * n2
    -- In bounds by construction (e < n1 n2; `tables` holds the twiddles of n1, those of
    -- n2, then w_n^r for r < n2): unchecked. Each twiddled row is the first buffer of
    -- its FFT, not copied.
    let d = #[unsafe] map2 (\k1 col ->
                              stockham_at (2 * n1) tables
                                (map2 (\j2 z -> let e = j2 * k1
                                                in z c.* (tables[e / n2] c.* tables[wr + e % n2]))
                                      (iota n2) col))
                           (iota n1) (transpose b)
    in flatten (transpose d) :> [n]complex

  -- | The twiddles that `fft` of length n reads (below): for `four_step` (long) those
  -- of n1, those of n2 and w_n^r for r < n2, else those of n (Bluestein's lengths do
  -- not read them: a table of n is the price of that for them). It depends on the
  -- sizes alone and cannot fail, so it moves out of a batch's map: its length is
  -- `i64.max 0 ...`, known not negative, so that no size check stays in the map; and
  -- it is never inlined, so that `fft` stays small enough for the simplifier to inline
  -- into the map on every backend (inlined, its code made `fft` too large for the C
  -- backend, which then made the table again for every row).
  #[noinline]
  def fft_tables (n: i64) (n1: i64) (n2: i64) (long: bool) : []complex =
    tabulate (i64.max 0 (if long then 2 * n1 + 3 * n2 else 2 * n)) (\t ->
      if !long then twiddle n t
      else if t < 2 * n1 then twiddle n1 t
      else if t < 2 * n1 + 2 * n2 then twiddle n2 (t - 2 * n1)
      else root (t - 2 * n1 - 2 * n2) n)

  -- | A row longer than `L.onchip_max` whose factors n1 <= n2 (`split`) are at most
  -- `L.onchip_max` takes `four_step`; the other lengths that the radices factor take
  -- Stockham's passes alone, and the rest Bluestein's algorithm. The twiddles
  -- (`fft_tables`) are one table made outside the `if`, so that in `map fft rows` the
  -- compiler makes it once for all rows (it never moves code out of a branch), in one
  -- kernel.
  def fft [n] (xs: [n]complex) : [n]complex =
    let (n1, n2) = split n
    let long = n > L.onchip_max && n1 > 1 && n2 <= L.onchip_max
    let tables = fft_tables n n1 n2 long
    in if long && plannable n then four_step n1 n2 tables xs
       else if plannable n then stockham tables (copy xs)
       else bluestein xs

  def ifft [n] (xs: [n]complex) : [n]complex =
    let s = R.f64 (1 / f64.i64 (i64.max n 1))
    in map (\z -> c.scale s (c.conj z)) (fft (map c.conj xs))

  def fft_re [n] (xs: [n]real) : [n]complex = fft (map c.mk_re xs)

  -- | The real FFT of an even length n = 2 m by the half-length trick: the m complex
  -- numbers z[j] = x[2 j] + i x[2 j + 1] go through one FFT of length m, Z = E + i O
  -- with E and O the DFTs of the even and odd samples; then E[k] = (Z[k] + conj
  -- Z[m - k]) / 2, O[k] = -i (Z[k] - conj Z[m - k]) / 2 and X[k] = E[k] + w^k O[k],
  -- w = exp(-2 pi i / n), for k <= m (Z[m] is Z[0]). Half the work of `fft_re`.
  -- ws[k] = w^k (`half_roots`), tw the twiddles of m, which the radices must factor.
  def rfft_even [n][t] (ws: [n/2+1]complex) (tw: [t]complex) (xs: [n]real) : [n/2+1]complex =
    let m = n / 2
    let zs = stockham tw (tabulate m (\j -> c.mk xs[2 * j] xs[2 * j + 1]))
    let half = R.f64 0.5
    in tabulate (n/2+1) (\k ->
         let a = zs[if k == m then 0 else k]
         let b = c.conj zs[if k == 0 then 0 else m - k]
         in c.scale half (a c.+ b) c.+ ws[k] c.* c.mul_neg_i (c.scale half (a c.- b)))

  -- | w^k = exp(-2 pi i k / n) for k <= n/2: a table of n alone. `rfft` and `irfft`
  -- make it, and the twiddles of n/2, before their `if`, so that the compiler makes
  -- them once per call, out of a batch's map (inside the `if`, they were made again
  -- for every row); their `if` is then one whose arms the compiler splits the map by
  -- (Note [unswitching maps] in src/lower/unswitch.c): the half-length trick's arm has
  -- no Bluestein in it.
  def half_roots (n: i64) : [n/2+1]complex = tabulate (n/2+1) (\k -> root k n)

  -- | Whether `rfft` and `irfft` of length n take the half-length trick: n is even and
  -- the radices factor n/2.
  def halvable (n: i64) : bool = n >= 2 && n % 2 == 0 && plannable (n / 2)

  def rfft [n] (xs: [n]real) : [n/2+1]complex =
    let ws = half_roots n
    let tw = twiddles (n / 2)
    in if halvable n then rfft_even ws tw xs
    else let ys = fft_re xs
         in tabulate (n/2+1) (\k -> if k < n then ys[k] else c.zero)

  -- | `irfft` of an even length n = 2 m, `rfft_even` backwards: E[k] = (X[k] + conj
  -- X[m - k]) / 2 and O[k] = conj(w^k) (X[k] - conj X[m - k]) / 2 for k < m, then one
  -- inverse FFT of length m of Z = E + i O gives x[2 j] + i x[2 j + 1]. X[0] and X[m]
  -- count by their real parts.
  def irfft_even [n][t] (ws: [n/2+1]complex) (tw: [t]complex) (xs: [n/2+1]complex) : [n]real =
    let m = n / 2
    let at (k: i64) = if k == 0 || k == m then c.mk_re (c.re xs[k]) else xs[k]
    let half = R.f64 0.5
    -- the inverse FFT of E + i O as the conjugate of the forward FFT of its conjugate
    let zs = stockham tw (tabulate m (\k ->
                            let a = at k
                            let b = c.conj (at (m - k))
                            let z = c.scale half (a c.+ b)
                                    c.+ c.mul_i (c.conj ws[k] c.* c.scale half (a c.- b))
                            in c.conj z))
    let s = R.f64 (1 / f64.i64 m)
    in tabulate n (\j -> let z = zs[j / 2]
                         in if j % 2 == 0 then s R.* c.re z else R.neg (s R.* c.im z))

  def irfft [k] (n: i64) (xs: [k]complex) : [n]real =
    let xs = xs :> [n/2+1]complex
    let ws = half_roots n
    let tw = twiddles (n / 2)
    in if halvable n then irfft_even ws tw xs
       else let full = tabulate n (\j -> if j <= n / 2 then xs[j] else c.conj xs[n - j])
            in map c.re (ifft full)

  def fft2 [n][m] (xs: [n][m]complex) : [n][m]complex =
    transpose (map fft (transpose (map fft xs)))

  def ifft2 [n][m] (xs: [n][m]complex) : [n][m]complex =
    transpose (map ifft (transpose (map ifft xs)))

  def rfft2 [n][m] (xs: [n][m]real) : [n][m/2+1]complex =
    transpose (map fft (transpose (map rfft xs)))

  def irfft2 [n][k] (m: i64) (xs: [n][k]complex) : [n][m]real =
    map (irfft m) (transpose (map ifft (transpose xs)))

  def fft3 [a][n][m] (xs: [a][n][m]complex) : [a][n][m]complex =
    let ys = map fft2 xs
    in transpose (map (\p -> transpose (map fft (transpose p))) (transpose ys))

  def ifft3 [a][n][m] (xs: [a][n][m]complex) : [a][n][m]complex =
    let ys = map ifft2 xs
    in transpose (map (\p -> transpose (map ifft (transpose p))) (transpose ys))
}

-- | Transforms over the real type `R.t` with the user's radix `X` preferred, and the
-- default limits.
module mk_fft_radix (R: real) (X: fft_radix with real = R.t) : fft with real = R.t =
  mk_fft_limits R X unsplit

-- | Transforms over the real type `R.t` with the built-in radices.
module mk_fft (R: real) : fft with real = R.t = mk_fft_radix R (no_radix R)

-- | Transforms of f32 and of f64, long rows split.
module fft32 = mk_fft_limits f32 (no_radix f32) limits32
module fft64 = mk_fft_limits f64 (no_radix f64) limits64
