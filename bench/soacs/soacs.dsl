-- bench/soacs: fused SOAC chains, each timed against a hand-written C loop doing the
-- same work (baseline.c). Each entry point is written as a Prism user would write it;
-- fusion makes each one loop (tests/fusion/fuse_*.dsl check the structures).

-- | map-map-reduce, f32: one redomap.
entry mmr_f32 (xs: []f32) : f32 =
  reduce (+) 0 (map (\y -> y * 0.5 + 1) (map (\x -> x * x) xs))

-- | map-map-reduce, i32 (wrapping arithmetic): one redomap.
entry mmr_i32 (xs: []i32) : i32 =
  reduce (+) 0 (map (\y -> y ^ (y >> 3)) (map (\x -> x * 3 + 1) xs))

-- | map-scan: inclusive prefix sums of a map, one scanomap.
entry map_scan (xs: []i32) : []i32 =
  scan (+) 0 (map (\x -> x * 2 + 1) xs)

-- | map-scatter: element i, mapped, goes to position (3 i) mod n (a permutation when 3
-- does not divide n); one scatter into a fresh array.
entry map_scatter [n] (xs: [n]f32) : [n]f32 =
  let is = map (\i -> (3 * i) % n) (iota n)
  let vs = map (\x -> x * 2 + 1) xs
  in scatter (replicate n 0) is vs

-- | One radix-4 Stockham pass over n complex numbers (re, im), n a multiple of 4 and
-- n/4 a multiple of ns: butterfly j < n/4 reads x[j + q n/4] (q < 4), multiplies by
-- the twiddle factor tw[q ns + j mod ns] (a table of 4 ns factors, the q = 0 ones 1),
-- computes the 4-point DFT and writes y[q] to (j / ns) 4 ns + j mod ns + q ns.
type c = (f32, f32)
def cadd (a: c) (b: c) : c = (a.0 + b.0, a.1 + b.1)
def csub (a: c) (b: c) : c = (a.0 - b.0, a.1 - b.1)
def cmul (a: c) (b: c) : c = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)

def butterfly (x: [4]c) : [4]c =
  let s0 = cadd x[0] x[2]
  let d0 = csub x[0] x[2]
  let s1 = cadd x[1] x[3]
  let d1 = csub x[1] x[3]
  let d1j = (d1.1, -d1.0)
  in [cadd s0 s1, cadd d0 d1j, csub s0 s1, csub d0 d1j]

entry stockham4 [n][t] (ns: i64) (twr: [t]f32) (twi: [t]f32) (re: [n]f32) (im: [n]f32)
    : ([n]f32, [n]f32) =
  -- The table holds 4 ns factors: ns is t / 4, which tells the compiler that the
  -- table's reads are in bounds (the argument is checked against it).
  let ns = assert (ns * 4 == t) (t / 4)
  let m = n / 4
  let rows = map (\j ->
      let k = j % ns
      let x = tabulate 4 (\q -> cmul (re[j + q * m], im[j + q * m])
                                      (twr[q * ns + k], twi[q * ns + k]))
      let y = butterfly x
      let d = (j / ns) * ns * 4 + k
      in (tabulate 4 (\q -> d + q * ns), map (.0) y, map (.1) y)) (iota m)
  let (is, yr, yi) = unzip3 rows
  in unzip (scatter (zip (replicate n 0) (replicate n 0)) (flatten is)
                    (zip (flatten yr) (flatten yi)))
