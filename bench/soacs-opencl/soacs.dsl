-- bench/soacs-opencl: one entry point per SOAC kernel form of the OpenCL backend, each
-- written as a user would write it, timed by bench.c against a copy kernel on the same
-- device. The comments say what lowering makes of each (prismc dump --after lower).

-- | map: one global kernel, one element per work-item (several in a grid-stride loop).
entry map_f32 (xs: []f32) : []f32 = map (\x -> x * 2 + 1) xs

-- | reduce: each work-item sums its elements (+ commutes), a tree per group in local
-- memory, then one group combines the groups' sums.
entry reduce_f32 (xs: []f32) : f32 = reduce (+) 0 xs

-- | scan: one pass (decoupled look-back over tiles of 4096 elements).
entry scan_f32 (xs: []f32) : []f32 = scan (+) 0 xs

-- | scatter through the permutation i -> 7919 i mod n (n not a multiple of 7919): the
-- index map is fused into the scatter, which writes into a fresh array of zeros.
entry scatter_f32 [n] (xs: [n]f32) : [n]f32 =
  scatter (replicate n 0) (map (\i -> (i * 7919) % n) (iota n)) xs

-- | map-map-reduce fused into one redomap: one reduction kernel, no temporary array.
entry chain_f32 (xs: []f32) : f32 =
  reduce (+) 0 (map (\y -> y * 0.5 + 1) (map (\x -> x * x) xs))

-- | Sums of the rows of an [n][m] array (a segmented reduction): one work-group per row
-- when rows are long (m >= 1024), one work-item per row otherwise.
entry rowsum_f32 [n][m] (xss: [n][m]f32) : [n]f32 = map (\r -> reduce (+) 0 r) xss

-- | Each row divided by its sum: a map whose body reduces the row and then maps over it,
-- one intra-group kernel (one work-group per row, the row read once and written once;
-- the row's result in local memory, or a global scratch when it does not fit).
entry rownorm_f32 [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\r -> let s = reduce (+) 0 r in map (\x -> x / s) r) xss

-- | Each row of an [n][64] array folded by a sequential loop (acc * 0.5 + x): a map
-- kernel whose work-items walk rows, one work-item per row; neighbouring work-items read
-- 256 bytes apart unless the array is transposed first (a coalescing transpose, made
-- when it pays: PRISM_TRANSPOSE=never turns it off).
entry rowloop_f32 [n][m] (xss: [n][m]f32) : [n]f32 =
  map (\r -> loop acc = 0 for j < m do acc * 0.5 + r[j]) xss

-- | Four in-place passes over each row (the first steps of a Walsh-Hadamard transform):
-- (x[j], x[j + m]) -> (x[j] + x[j + m], x[j] - x[j + m]) at 2 j and 2 j + 1. Each
-- pass is a scatter whose values read the array it writes: one intra-group kernel
-- whose scatters are staged (each work-item's elements in registers, a barrier, then
-- the writes: Note [staged scatters] in src/lower/kernels.c), the row in local memory.
entry rowpass_f32 [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\r ->
    loop xs = copy r for _i < 4 do
      let h = m / 2
      let (is, vs) = unzip (tabulate h (\j -> ([2 * j, 2 * j + 1],
                                               [xs[j] + xs[j + h], xs[j] - xs[j + h]])))
      in scatter xs (flatten is) (flatten vs)) xss
