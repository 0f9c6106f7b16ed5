-- One radix-4 pass of an FFT over m groups of 4 complex numbers: each group is
-- multiplied by twiddle factors that depend on the group's index, then goes through the
-- radix-4 butterfly, all written over [4] arrays of pairs. Inlining, unrolling of the
-- tabulate over [4] and folding of the literals' reads leave one map over the m groups
-- whose lambda is straight-line scalar code: no inner map, no apply, and array literals
-- only for the rows it returns. The twiddle factor of element 0 (angle -0 / (4 m), not
-- foldable: 4 m may be 0) depends on m only and is hoisted out of the map.
-- (Of the three maps, two are the zips and unzips.)
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion): array 2, iota 1, map 3
-- ==
-- structure { array 2 loop 0 map 1 }
-- entry: pass
-- input { [[1f32, 2f32, 3f32, 4f32], [0f32, 1f32, 0f32, -1f32]]
--         [[0f32, 0f32, 0f32, 0f32], [1f32, 1f32, 1f32, 1f32]] }
-- output { [[10.0f32, -2.0f32, -2.0f32, -2.0f32], [3.828427f32, -1.0f32, -1.8284271f32,
--          -1.0f32]] [[0.0f32, 2.0f32, 0.0f32, -2.0f32], [0.99999994f32, 1.0f32,
--          0.99999994f32, 1.0f32]] }
type c = (f32, f32)
def cadd (a: c) (b: c) : c = (a.0 + b.0, a.1 + b.1)
def csub (a: c) (b: c) : c = (a.0 - b.0, a.1 - b.1)
def cmul (a: c) (b: c) : c = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)

def twiddle (k: i64) (n: i64) : c =
  let a = -2 * f32.pi * f32.i64 k / f32.i64 n
  in (f32.cos a, f32.sin a)

def butterfly (x: [4]c) : [4]c =
  let s0 = cadd x[0] x[2]
  let d0 = csub x[0] x[2]
  let s1 = cadd x[1] x[3]
  let d1 = csub x[1] x[3]
  let d1j = (d1.1, -d1.0)
  in [cadd s0 s1, cadd d0 d1j, csub s0 s1, csub d0 d1j]

entry pass [m] (re: [m][4]f32) (im: [m][4]f32) =
  let groups = map2 zip re im
  let out = map2 (\(p: i64) (g: [4]c) ->
                    butterfly (tabulate 4 (\j -> cmul g[j] (twiddle (p * j) (4 * m)))))
                 (iota m) groups
  in unzip (map unzip out)
