-- 2-D transforms of real input: rfft2 x is the first m/2+1 columns of fft2 of x as a
-- complex array, and irfft2 m (rfft2 x) is x, for shapes with even and odd sides, one
-- side 1, and a Bluestein side (97), in f64 and f32. Each result says whether one
-- shape's relative rms error is within the bound.
-- ==
-- entry: forward64 round64 forward32 round32
-- input { [1i64, 2i64, 4i64, 3i64, 8i64, 5i64, 16i64, 6i64, 2i64]
--         [1i64, 3i64, 4i64, 5i64, 6i64, 7i64, 12i64, 97i64, 64i64] }
-- output { [true, true, true, true, true, true, true, true, true] }

import "fft"

def input (n: i64) (m: i64) : [n][m]f64 =
  tabulate_2d n m (\i j -> f64.sin (f64.i64 (i * m + j) * 0.37) - 0.5 * f64.cos (f64.i64 j))

-- (b must be as long as a)
def relerr [n][k] (a: [n]f64) (b: [k]f64) : f64 =
  let b = b :> [n]f64
  in f64.sqrt (f64.sum (map2 (\x y -> (x - y) * (x - y)) a b)
               / f64.max 1e-300 (f64.sum (map (\x -> x * x) b)))

def bound64 (k: i64) : f64 = 1e-14 * f64.max 1 (f64.log2 (f64.i64 k))

-- the first m/2+1 columns of fft2 of x, flattened, and rfft2 x, flattened
def both64 [n][m] (x: [n][m]f64) : ([]f64, []f64) =
  let full = fft64.fft2 (map (map (\v -> (v, 0))) x)
  let want = flatten (map (\row -> map (\j -> row[j]) (iota (m / 2 + 1))) full)
  let got = flatten (fft64.rfft2 x)
  in (map (.0) got ++ map (.1) got, map (.0) want ++ map (.1) want)

entry forward64 (ns: []i64) (ms: []i64) : []bool =
  map2 (\n m -> let (got, want) = both64 (input n m)
                in relerr got want <= bound64 (n * m))
       ns ms

entry round64 (ns: []i64) (ms: []i64) : []bool =
  map2 (\n m -> let x = input n m
                in relerr (flatten (fft64.irfft2 m (fft64.rfft2 x))) (flatten x)
                   <= bound64 (n * m))
       ns ms

-- f32 against the f64 results, within 1e-6
entry forward32 (ns: []i64) (ms: []i64) : []bool =
  map2 (\n m ->
          let x = input n m
          let got = flatten (fft32.rfft2 (map (map f32.f64) x))
          let (_, want) = both64 x
          let g = map (f64.f32 <-< (.0)) got ++ map (f64.f32 <-< (.1)) got
          in relerr g want <= 1e-6)
       ns ms

entry round32 (ns: []i64) (ms: []i64) : []bool =
  map2 (\n m ->
          let x = map (map f32.f64) (input n m)
          let y = fft32.irfft2 m (fft32.rfft2 x)
          in relerr (map f64.f32 (flatten y)) (map f64.f32 (flatten x)) <= 1e-6)
       ns ms
