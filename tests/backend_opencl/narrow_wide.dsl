-- Narrow index arithmetic (Note [narrow indices] in src/lower/ranges.c): the i64
-- variables of kernel code whose ranges lowering bounds by the kernel's arguments are
-- 32-bit when the bounds fit at launch; otherwise the statement's kernels run from the
-- wide program. Each entry runs once with bounds that fit and once with bounds that do
-- not, whose results need 64 bits: `affine` (a map, i * k + xs[i], with k = 3 and
-- k = 10^10, and with k = 2^62 and -2^62 - 1, whose products wrap around 64 bits and
-- whose bounds saturate on the host), `offset` (an offset below zero, which the bounds assume not to be), and
-- `strides` (group code: a while loop over strides s = 1, 2, 4 ... < n whose body
-- divides by s, as an FFT's passes do, with k scaling the quotients). versions.sh runs
-- them with PRISM_INDEX=64 too, which forces the wide program.
-- ==
-- entry: affine
-- input { [1i64, 2i64, 3i64, 4i64] 3i64 }
-- output { [1i64, 5i64, 9i64, 13i64] }
-- input { [1i64, 2i64, 3i64, 4i64] 10000000000i64 }
-- output { [1i64, 10000000002i64, 20000000003i64, 30000000004i64] }
-- input { [1i64, 2i64, 3i64, 4i64] 4611686018427387904i64 }
-- output { [1i64, 4611686018427387906i64, -9223372036854775805i64, -4611686018427387900i64] }
-- input { [1i64, 2i64, 3i64, 4i64] -4611686018427387905i64 }
-- output { [1i64, -4611686018427387903i64, -9223372036854775807i64, 4611686018427387905i64] }
-- entry: offset
-- input { [10i64, 20i64, 30i64] 1i64 }
-- output { [20i64, 30i64, 10i64] }
-- input { [10i64, 20i64, 30i64] -4i64 }
-- output { [30i64, 10i64, 20i64] }
-- entry: strides
-- input { [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64], [7i64, 8i64, 9i64, 10i64, 11i64, 12i64]] 1i64 }
-- output { [[1i64, 5i64, 8i64, 12i64, 12i64, 16i64], [7i64, 11i64, 14i64, 18i64, 18i64, 22i64]] }
-- input { [[1i64, 2i64, 3i64, 4i64, 5i64, 6i64], [7i64, 8i64, 9i64, 10i64, 11i64, 12i64]] 3000000000i64 }
-- output { [[1i64, 3000000004i64, 9000000005i64, 12000000008i64, 21000000005i64, 24000000008i64], [7i64, 3000000010i64, 9000000011i64, 12000000014i64, 21000000011i64, 24000000014i64]] }

entry affine [n] (xs: [n]i64) (k: i64) : [n]i64 =
  map (\i -> i * k + xs[i]) (iota n)

entry offset [n] (xs: [n]i64) (d: i64) : [n]i64 =
  map (\i -> xs[(i + d) % n]) (iota n)

entry strides [b][n] (rows: [b][n]i64) (k: i64) : [b][n]i64 =
  map (\row ->
         let (r, _) =
           loop (acc, s) = (copy row, 1) while s < n do
             (map (\i -> acc[i] + (i / s) * k + i % s) (iota n), s * 2)
         in r)
      rows
