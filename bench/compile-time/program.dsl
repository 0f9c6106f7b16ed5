-- A program of about 500 lines for measuring compile time: a small numerical
-- toolkit with statistics, linear algebra, image filters, sorting, histograms,
-- a Mandelbrot set, an n-body step, stencils, and signal processing with modules
-- and functors. Every entry point runs; bench/compile-time/run.sh times the
-- compiler on this file.

import "complex"

-- ---------------------------------------------------------------- Statistics

def mean [n] (xs: [n]f64) : f64 =
  if n == 0 then 0 else f64.sum xs / f64.i64 n

def variance [n] (xs: [n]f64) : f64 =
  let m = mean xs
  let d = map (\x -> (x - m) * (x - m)) xs
  in if n < 2 then 0 else f64.sum d / f64.i64 (n - 1)

def stddev [n] (xs: [n]f64) : f64 = f64.sqrt (variance xs)

def covariance [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  let mx = mean xs
  let my = mean ys
  let s = f64.sum (map2 (\x y -> (x - mx) * (y - my)) xs ys)
  in if n < 2 then 0 else s / f64.i64 (n - 1)

def correlation [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  let sx = stddev xs
  let sy = stddev ys
  in if sx == 0 || sy == 0 then 0 else covariance xs ys / (sx * sy)

def minmax [n] (xs: [n]f64) : (f64, f64) =
  reduce (\(a, b) (c, d) -> (f64.min a c, f64.max b d))
         (f64.inf, -f64.inf)
         (map (\x -> (x, x)) xs)

def normalise [n] (xs: [n]f64) : [n]f64 =
  let (lo, hi) = minmax xs
  let span = hi - lo
  in map (\x -> if span == 0 then 0 else (x - lo) / span) xs

def zscores [n] (xs: [n]f64) : [n]f64 =
  let m = mean xs
  let s = stddev xs
  in map (\x -> if s == 0 then 0 else (x - m) / s) xs

def moving_average [n] (w: i64) (xs: [n]f64) : [n]f64 =
  let sums = scan (+) 0 xs
  in map (\i ->
            let lo = i64.max 0 (i - w + 1)
            let total = sums[i] - (if lo == 0 then 0 else sums[lo - 1])
            in total / f64.i64 (i - lo + 1))
         (iota n)

entry statistics [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64, f64, f64, f64) =
  (mean xs, variance xs, stddev ys, covariance xs ys, correlation xs ys)

entry rescale [n] (xs: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  (normalise xs, zscores xs, moving_average 3 xs)

-- ------------------------------------------------------------ Linear algebra

def dot [n] (a: [n]f64) (b: [n]f64) : f64 = f64.sum (map2 (*) a b)

def norm [n] (a: [n]f64) : f64 = f64.sqrt (dot a a)

def axpy [n] (alpha: f64) (x: [n]f64) (y: [n]f64) : [n]f64 =
  map2 (\a b -> alpha * a + b) x y

def scale [n] (alpha: f64) (x: [n]f64) : [n]f64 = map (* alpha) x

def matvec [n][m] (a: [n][m]f64) (x: [m]f64) : [n]f64 =
  map (\row -> dot row x) a

def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  let bt = transpose b
  in map (\row -> map (dot row) bt) a

def identity (n: i64) : [n][n]f64 =
  tabulate_2d n n (\i j -> if i == j then 1 else 0)

def matadd [n][m] (a: [n][m]f64) (b: [n][m]f64) : [n][m]f64 =
  map2 (map2 (+)) a b

def trace [n] (a: [n][n]f64) : f64 = f64.sum (map (\i -> a[i, i]) (iota n))

def outer [n][m] (x: [n]f64) (y: [m]f64) : [n][m]f64 =
  map (\a -> map (* a) y) x

def power_iteration [n] (a: [n][n]f64) (steps: i64) : [n]f64 =
  let v0 = replicate n 1f64
  in loop v = v0 for _i < steps do
       let w = matvec a v
       let len = norm w
       in if len == 0 then v else scale (1 / len) w

def jacobi [n] (a: [n][n]f64) (b: [n]f64) (steps: i64) : [n]f64 =
  loop x = replicate n 0f64 for _k < steps do
    map (\i ->
           let row = a[i]
           let sigma = f64.sum (map2 (\j aij -> if j == i then 0 else aij * x[j])
                                     (iota n) row)
           in if row[i] == 0 then x[i] else (b[i] - sigma) / row[i])
        (iota n)

def gram_schmidt [n][m] (vs: [m][n]f64) : [m][n]f64 =
  loop us = copy vs for i < m do
    let v = copy us[i]
    let u = loop u = v for j < i do
              let q = us[j]
              let qq = dot q q
              in if qq == 0 then u else axpy (-(dot q u / qq)) q u
    let len = norm u
    in us with [i] = (if len == 0 then u else scale (1 / len) u)

entry linear_algebra [n] (a: [n][n]f64) (b: [n]f64) : ([n]f64, [n]f64, f64, [n][n]f64) =
  (matvec a b, jacobi a b 20, trace (matmul a (identity n)), matadd a (outer b b))

entry eigen [n] (a: [n][n]f64) : [n]f64 = power_iteration a 50

entry orthonormal [m][n] (vs: [m][n]f64) : [m][n]f64 = gram_schmidt vs

-- ------------------------------------------------------------------- Images

type pixel = {r: f32, g: f32, b: f32}

def luminance (p: pixel) : f32 = 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b

def clamp_index (n: i64) (i: i64) : i64 = i64.min (n - 1) (i64.max 0 i)

def at [h][w] (img: [h][w]f32) (y: i64) (x: i64) : f32 =
  img[clamp_index h y, clamp_index w x]

def convolve3 [h][w] (k: [3][3]f32) (img: [h][w]f32) : [h][w]f32 =
  tabulate_2d h w (\y x ->
    f32.sum (map (\dy ->
               f32.sum (map (\dx -> k[dy + 1, dx + 1] * at img (y + dy) (x + dx))
                            [-1, 0, 1]))
             [-1, 0, 1]))

def box_blur [h][w] (img: [h][w]f32) : [h][w]f32 =
  convolve3 (replicate 3 (replicate 3 (1f32 / 9))) img

def sobel [h][w] (img: [h][w]f32) : [h][w]f32 =
  let gx = convolve3 [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]] img
  let gy = convolve3 [[-1, -2, -1], [0, 0, 0], [1, 2, 1]] img
  in map2 (map2 (\a b -> f32.sqrt (a * a + b * b))) gx gy

def threshold [h][w] (t: f32) (img: [h][w]f32) : [h][w]bool =
  map (map (> t)) img

def grey [h][w] (img: [h][w]pixel) : [h][w]f32 = map (map luminance) img

def invert [h][w] (img: [h][w]f32) : [h][w]f32 = map (map (\v -> 1 - v)) img

def image_histogram [h][w] (bins: i64) (img: [h][w]f32) : [bins]i64 =
  let flat = flatten img
  let idx = map (\v -> i64.f32 (f32.min 0.999 (f32.max 0 v) * f32.i64 bins)) flat
  in hist (+) 0 bins idx (map (const 1) flat)

entry edges [h][w] (img: [h][w]f32) : ([h][w]f32, [h][w]bool, [16]i64) =
  let e = sobel (box_blur img)
  in (e, threshold 0.5 e, image_histogram 16 (invert img))

entry greyscale [h][w] (r: [h][w]f32) (g: [h][w]f32) (b: [h][w]f32) : [h][w]f32 =
  grey (map3 (map3 (\r g b -> {r, g, b})) r g b)

-- ------------------------------------------------------------------ Sorting

def compare_swap (a: i32) (b: i32) (up: bool) : (i32, i32) =
  if (a > b) == up then (b, a) else (a, b)

def bitonic_step [n] (xs: [n]i32) (block: i64) (dist: i64) : [n]i32 =
  map (\i ->
         let partner = i ^ dist
         let up = (i & block) == 0
         let a = xs[i]
         let b = xs[partner]
         in if partner > i
            then (compare_swap a b up).0
            else (compare_swap b a up).1)
      (iota n)

def log2_floor (n: i64) : i64 =
  loop k = 0 while (1 << (k + 1)) <= n do k + 1

def bitonic_sort [n] (xs: [n]i32) : [n]i32 =
  let stages = log2_floor n
  in loop ys = xs for s < stages do
       let block = 2 << s
       in loop zs = ys for t < s + 1 do
            bitonic_step zs block (block >> (t + 1))

def insertion_sort [n] (xs: [n]i32) : [n]i32 =
  loop ys = copy xs for i < n do
    let (ys, _) =
      loop (ys, j) = (ys, i) while j > 0 && ys[j - 1] > ys[j] do
        let a = ys[j - 1]
        let b = ys[j]
        let ys[j - 1] = b
        let ys[j] = a
        in (ys, j - 1)
    in ys

def is_sorted [n] (xs: [n]i32) : bool =
  all (\i -> i == 0 || xs[i - 1] <= xs[i]) (iota n)

def counting_sort [n] (k: i64) (xs: [n]i64) : []i64 =
  let counts = hist (+) 0 k xs (replicate n 1i64)
  let offsets = scan (+) 0 counts
  let starts = map2 (-) offsets counts
  let positions = map (\i -> starts[xs[i]] +
                             i64.sum (map (\j -> if j < i && xs[j] == xs[i] then 1 else 0)
                                          (iota n)))
                      (iota n)
  in scatter (replicate n 0) positions xs

entry sort_small [n] (xs: [n]i32) : ([n]i32, bool) =
  let s = insertion_sort xs
  in (s, is_sorted s)

entry sort_bitonic [n] (xs: [n]i32) : [n]i32 = bitonic_sort xs

entry sort_counting [n] (k: i64) (xs: [n]i64) : []i64 = counting_sort k xs

-- --------------------------------------------------------------- Histograms

def bucket (lo: f32) (hi: f32) (bins: i64) (x: f32) : i64 =
  if x < lo || x >= hi then -1
  else i64.f32 ((x - lo) / (hi - lo) * f32.i64 bins)

def histogram [n] (lo: f32) (hi: f32) (bins: i64) (xs: [n]f32) : [bins]i32 =
  hist (+) 0 bins (map (bucket lo hi bins) xs) (replicate n 1)

def cumulative [bins] (h: [bins]i32) : [bins]i32 = scan (+) 0 h

def weighted_histogram [n] (bins: i64) (is: [n]i64) (ws: [n]f32) : [bins]f32 =
  reduce_by_index (replicate bins 0) (+) 0 is ws

def mode [bins] (h: [bins]i32) : i64 =
  let (_, best) = reduce (\(c1, i1) (c2, i2) -> if c2 > c1 then (c2, i2) else (c1, i1))
                         (-1, -1) (zip h (iota bins))
  in best

entry histograms [n] (xs: [n]f32) (is: [n]i64) : ([10]i32, [10]i32, [5]f32, i64) =
  let h = histogram 0 1 10 xs
  in (h, cumulative h, weighted_histogram 5 is xs, mode h)

-- --------------------------------------------------------------- Mandelbrot

def mandel (limit: i32) (cr: f32) (ci: f32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0) while i < limit && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

def mandelbrot (h: i64) (w: i64) (limit: i32) : [h][w]i32 =
  tabulate_2d h w (\y x ->
    let cr = -2 + 3 * f32.i64 x / f32.i64 (i64.max 1 w)
    let ci = -1.5 + 3 * f32.i64 y / f32.i64 (i64.max 1 h)
    in mandel limit cr ci)

entry mandelbrot_image (h: i64) (w: i64) (limit: i32) : ([h][w]i32, i32) =
  let img = mandelbrot h w limit
  in (img, i32.sum (flatten img))

-- ------------------------------------------------------------------- N-body

type body = {x: f32, y: f32, z: f32, vx: f32, vy: f32, vz: f32, m: f32}

def accel (softening: f32) (a: body) (b: body) : (f32, f32, f32) =
  let dx = b.x - a.x
  let dy = b.y - a.y
  let dz = b.z - a.z
  let d2 = dx * dx + dy * dy + dz * dz + softening
  let inv = b.m / (d2 * f32.sqrt d2)
  in (dx * inv, dy * inv, dz * inv)

def vadd (a: (f32, f32, f32)) (b: (f32, f32, f32)) : (f32, f32, f32) =
  (a.0 + b.0, a.1 + b.1, a.2 + b.2)

def step [n] (dt: f32) (bodies: [n]body) : [n]body =
  map (\a ->
         let (ax, ay, az) = reduce vadd (0, 0, 0) (map (accel 0.01 a) bodies)
         let vx = a.vx + dt * ax
         let vy = a.vy + dt * ay
         let vz = a.vz + dt * az
         in a with x = a.x + dt * vx
              with y = a.y + dt * vy
              with z = a.z + dt * vz
              with vx = vx
              with vy = vy
              with vz = vz)
      bodies

def energy [n] (bodies: [n]body) : f32 =
  let kinetic = f32.sum (map (\b -> 0.5 * b.m * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz))
                              bodies)
  let potential =
    f32.sum (map (\i ->
                   f32.sum (map (\j ->
                                  if j <= i then 0
                                  else let a = bodies[i]
                                       let b = bodies[j]
                                       let d = f32.sqrt ((a.x - b.x) * (a.x - b.x) +
                                                         (a.y - b.y) * (a.y - b.y) +
                                                         (a.z - b.z) * (a.z - b.z) + 0.01)
                                       in -(a.m * b.m) / d)
                                (iota n)))
                 (iota n))
  in kinetic + potential

entry nbody [n] (steps: i64) (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32)
    : ([n]f32, [n]f32, [n]f32, f32) =
  let bodies = map4 (\x y z m -> {x, y, z, vx = 0, vy = 0, vz = 0, m}) xs ys zs ms
  let final = loop bs = bodies for _i < steps do step 0.01 bs
  in (map (.x) final, map (.y) final, map (.z) final, energy final)

-- ------------------------------------------------------------------ Stencils

def heat_step [n] (alpha: f32) (u: [n]f32) : [n]f32 =
  map (\i ->
         let left = if i == 0 then u[i] else u[i - 1]
         let right = if i == n - 1 then u[i] else u[i + 1]
         in u[i] + alpha * (left - 2 * u[i] + right))
      (iota n)

def heat [n] (steps: i64) (u: [n]f32) : [n]f32 =
  loop v = u for _i < steps do heat_step 0.25 v

def life_step [h][w] (board: [h][w]bool) : [h][w]bool =
  tabulate_2d h w (\y x ->
    let alive = board[y, x]
    let neighbours =
      i32.sum (map (\d ->
                      let dy = d / 3 - 1
                      let dx = d % 3 - 1
                      let yy = (y + dy + h) % h
                      let xx = (x + dx + w) % w
                      in if (dy == 0 && dx == 0) || !board[yy, xx] then 0 else 1)
                   (iota 9))
    in if alive then neighbours == 2 || neighbours == 3 else neighbours == 3)

def life [h][w] (generations: i64) (board: [h][w]bool) : [h][w]bool =
  loop b = board for _g < generations do life_step b

entry stencils [n][h][w] (steps: i64) (u: [n]f32) (board: [h][w]bool)
    : ([n]f32, [h][w]bool, i64) =
  let b = life steps board
  in (heat steps u, b, i64.sum (map (\row -> i64.sum (map i64.bool row)) b))

-- --------------------------------------------------------- Prefix structures

def segmented_sum [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 =
  let pairs = scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else x1 + x2))
                   (false, 0) (zip flags xs)
  in map (.1) pairs

def exclusive_scan [n] (xs: [n]i64) : [n]i64 =
  map2 (-) (scan (+) 0 xs) xs

def compact [n] (keep: [n]bool) (xs: [n]i32) : []i32 =
  let offsets = exclusive_scan (map i64.bool keep)
  let count = i64.sum (map i64.bool keep)
  let positions = map2 (\k o -> if k then o else -1) keep offsets
  in scatter (replicate count 0) positions xs

def run_lengths [n] (xs: [n]i32) : []i64 =
  let starts = map (\i -> i == 0 || xs[i] != xs[i - 1]) (iota n)
  let idx = filter (\i -> starts[i]) (iota n)
  let m = length idx
  in map (\k -> (if k + 1 < m then idx[k + 1] else n) - idx[k]) (iota m)

entry prefix [n] (flags: [n]bool) (xs: [n]i32) : ([n]i32, []i32, []i64) =
  (segmented_sum flags xs, compact flags xs, run_lengths xs)

-- ------------------------------------------------------------------ Polynomials

def horner [n] (coeffs: [n]f64) (x: f64) : f64 =
  foldr (\c acc -> acc * x + c) 0 coeffs

def derivative [n] (coeffs: [n]f64) : []f64 =
  map (\i -> f64.i64 (i + 1) * coeffs[i + 1]) (iota (i64.max 0 (n - 1)))

def newton [n] (coeffs: [n]f64) (x0: f64) (steps: i64) : f64 =
  let d = derivative coeffs
  in loop x = x0 for _i < steps do
       let fx = horner coeffs x
       let dfx = horner d x
       in if dfx == 0 then x else x - fx / dfx

def poly_mul [n][m] (a: [n]f64) (b: [m]f64) : []f64 =
  let len = n + m - 1
  in map (\k -> f64.sum (map (\i -> if k - i >= 0 && k - i < m then a[i] * b[k - i] else 0)
                             (iota n)))
         (iota (i64.max 0 len))

entry polynomials [n] (coeffs: [n]f64) (x: f64) : (f64, f64, []f64) =
  (horner coeffs x, newton coeffs x 30, poly_mul coeffs coeffs)

-- --------------------------------------------------------------- Geometry

type vec3 = (f64, f64, f64)

def vsub (a: vec3) (b: vec3) : vec3 = (a.0 - b.0, a.1 - b.1, a.2 - b.2)

def cross (a: vec3) (b: vec3) : vec3 =
  (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)

def vlen (a: vec3) : f64 = f64.sqrt (a.0 * a.0 + a.1 * a.1 + a.2 * a.2)

def triangle_area (a: vec3) (b: vec3) (c: vec3) : f64 = 0.5 * vlen (cross (vsub b a) (vsub c a))

def polygon_area [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  let s = f64.sum (map (\i -> let j = (i + 1) % n
                              in xs[i] * ys[j] - xs[j] * ys[i])
                       (iota n))
  in f64.abs s / 2

def centroid [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) = (mean xs, mean ys)

entry geometry [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) : (f64, f64, (f64, f64)) =
  let total = f64.sum (map (\i -> triangle_area (xs[0], ys[0], zs[0])
                                                (xs[i], ys[i], zs[i])
                                                (xs[(i + 1) % n], ys[(i + 1) % n],
                                                 zs[(i + 1) % n]))
                           (iota n))
  in (total, polygon_area xs ys, centroid xs ys)

-- ------------------------------------------------------- Generic numerics

module type accumulator = {
  type t
  val zero : t
  val add : t -> t -> t
  val scale : f64 -> t -> t
}

module mk_stats (A: accumulator) = {
  def total [n] (xs: [n]A.t) : A.t = reduce A.add A.zero xs
  def average [n] (xs: [n]A.t) : A.t =
    if n == 0 then A.zero else A.scale (1 / f64.i64 n) (total xs)
  def prefix [n] (xs: [n]A.t) : [n]A.t = scan A.add A.zero xs
  def window [n] (w: i64) (xs: [n]A.t) : [n]A.t =
    let p = prefix xs
    in map (\i -> if i < w then p[i]
                  else A.add p[i] (A.scale (-1) p[i - w]))
           (iota n)
}

module real_acc = {
  type t = f64
  def zero = 0f64
  def add (a: f64) (b: f64) = a + b
  def scale (s: f64) (x: f64) = s * x
}

module vec2_acc = {
  type t = (f64, f64)
  def zero = (0f64, 0f64)
  def add (a: t) (b: t) = (a.0 + b.0, a.1 + b.1)
  def scale (s: f64) (x: t) = (s * x.0, s * x.1)
}

module real_stats = mk_stats real_acc
module vec2_stats = mk_stats vec2_acc

entry generic [n] (xs: [n]f64) (ys: [n]f64) : (f64, (f64, f64), [n]f64) =
  (real_stats.average xs, vec2_stats.average (zip xs ys), real_stats.window 2 xs)

-- ------------------------------------------------------ Signal processing

module c = complex64

def dft [n] (xs: [n]c.t) : [n]c.t =
  map (\k ->
         reduce (c.+) c.zero
                (map2 (\j x -> x c.* c.cis (-2 * f64.pi * f64.i64 (j * k) / f64.i64 n))
                      (iota n) xs))
      (iota n)

def power [n] (xs: [n]c.t) : [n]f64 = map (\z -> let m = c.mag z in m * m) xs

entry spectrum [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  let f = dft (map2 c.mk re im)
  in (map c.re f, map c.im f, power f)
