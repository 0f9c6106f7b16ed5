-- A radix-2 Stockham FFT pass written as a map making, per element j < n/2, two
-- (index, re, im) results as rows of [2] arrays, then flatten and scatter into two
-- zipped destinations: fusion makes it one scatter of width n/2 with two writes per
-- element and destination, computing the butterfly inside its lambda (no map, no
-- reshape). `fft` runs log2 n passes in a loop (fusion inside the loop body) and
-- matches the DFT. Expected values: the same pass and a naive DFT in double precision.
-- ==
-- entry: pass
-- input { 1i64 [-2.0f32, -1.0f32, 0.0f32, 1.0f32, 2.0f32, -2.0f32, -1.0f32, 0.0f32]
--   [-3.0f32, 0.0f32, 3.0f32, -1.0f32, 2.0f32, -2.0f32, 1.0f32, -3.0f32] }
-- output { [0.0f32, -4.0f32, -3.0f32, 1.0f32, -1.0f32, 1.0f32, 1.0f32, 1.0f32] [-1.0f32,
--   -5.0f32, -2.0f32, 2.0f32, 4.0f32, 2.0f32, -4.0f32, 2.0f32] }
-- input { 2i64 [-2.0f32, -1.0f32, 0.0f32, 1.0f32, 2.0f32, -2.0f32, -1.0f32, 0.0f32]
--   [-3.0f32, 0.0f32, 3.0f32, -1.0f32, 2.0f32, -2.0f32, 1.0f32, -3.0f32] }
-- output { [0.0f32, -3.0f32, -4.0f32, 1.0f32, -1.0f32, -2.0f32, 1.0f32, 4.0f32] [-1.0f32,
--   2.0f32, -5.0f32, -2.0f32, 4.0f32, -1.0f32, 2.0f32, -1.0f32] }
-- input { 4i64 [-2.0f32, -1.0f32, 0.0f32, 1.0f32, 2.0f32, -2.0f32, -1.0f32, 0.0f32]
--   [-3.0f32, 0.0f32, 3.0f32, -1.0f32, 2.0f32, -2.0f32, 1.0f32, -3.0f32] }
-- output { [0.0f32, -3.828427f32, 1.0f32, -1.12132f32, -4.0f32, 1.828427f32, -1.0f32,
--   3.12132f32] [-1.0f32, -0.0f32, 4.0f32, 1.12132f32, -5.0f32, 0.0f32, 2.0f32,
--   -3.12132f32] }
-- input { 1i64 empty([0]f32) empty([0]f32) } output { empty([0]f32) empty([0]f32) }
-- entry: fft
-- input { [-2.0f32, -1.0f32, 0.0f32, 1.0f32, 2.0f32, -2.0f32, -1.0f32, 0.0f32] [-3.0f32,
--   0.0f32, 3.0f32, -1.0f32, 2.0f32, -2.0f32, 1.0f32, -3.0f32] }
-- output { [-3.0f32, 0.828427f32, 3.0f32, -3.171573f32, 1.0f32, -4.828427f32, -1.0f32,
--   -8.828427f32] [-3.0f32, -7.414214f32, -1.0f32, -5.414214f32, 9.0f32, -4.585786f32,
--   -9.0f32, -2.585786f32] }
-- input { [-5.0f32, 2.0f32, -2.0f32, 5.0f32, 1.0f32, -3.0f32, 4.0f32, 0.0f32, -4.0f32,
--   3.0f32, -1.0f32, -5.0f32, 2.0f32, -2.0f32, 5.0f32, 1.0f32] [-4.0f32, -3.0f32, 0.0f32,
--   -4.0f32, 3.0f32, 3.0f32, -4.0f32, 0.0f32, -3.0f32, -4.0f32, -3.0f32, 0.0f32, -4.0f32,
--   3.0f32, 3.0f32, -4.0f32] }
-- output { [1.0f32, 5.598989f32, -15.414213f32, -14.840971f32, -5.0f32, 25.141233f32,
--   -26.970562f32, -11.163192f32, -1.0f32, 0.744156f32, -12.585787f32, -6.815884f32,
--   -19.0f32, -7.484379f32, 6.970563f32, 0.820046f32] [-21.0f32, -3.36664f32, -9.556349f32,
--   0.182524f32, -3.0f32, -5.740839f32, -15.171573f32, 0.409678f32, -3.0f32, 20.337202f32,
--   21.556349f32, -15.496232f32, -5.0f32, -11.229724f32, -20.828426f32, 6.904031f32] }
-- input { [5f32] [-1f32] } output { [5f32] [-1f32] }
-- structure { scatter 2 map 0 reshape 0 loop 1 }

def radix2 [n] (ns: i64) (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32) =
  let m = n / 2
  let rows = map (\j ->
      let k = j % ns
      let a = -2 * f32.pi * f32.i64 k / f32.i64 (ns * 2)
      let (wr, wi) = (f32.cos a, f32.sin a)
      let (ar, ai) = (re[j], im[j])
      let (br0, bi0) = (re[j + m], im[j + m])
      let (br, bi) = (br0 * wr - bi0 * wi, br0 * wi + bi0 * wr)
      let d = (j / ns) * ns * 2 + k
      in ([d, d + ns], [ar + br, ar - br], [ai + bi, ai - bi])) (iota m)
  let (is, vr, vi) = unzip3 rows
  in unzip (scatter (zip (replicate n 0) (replicate n 0)) (flatten is)
                    (zip (flatten vr) (flatten vi)))

entry pass [n] (ns: i64) (re: [n]f32) (im: [n]f32) = radix2 ns re im

entry fft [n] (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32) =
  let (re', im', _) = loop (re, im, ns) = (re, im, 1) while ns < n do
                        let (r, i) = radix2 ns re im in (r, i, ns * 2)
  in (re', im')
