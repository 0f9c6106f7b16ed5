-- Type abbreviations: a plain one, one with a type parameter, one with a size
-- parameter, and a record abbreviation, used in parameters and results.
-- ==
-- input { [1f32, 2f32, 3f32] }
-- output { [2f32, 4f32, 6f32] 3f32 1f32 4f32 6f32 }
type real = f32
type pair 't = (t, t)
type vec [n] = [n]real
type box = {lo: real, hi: real}

def scale [n] (k: real) (v: vec [n]) : vec [n] = map (* k) v
def bounds [n] (v: vec [n]) : box = {lo = f32.minimum v, hi = f32.maximum v}
def swap_pair 't ((a, b): pair t) : pair t = (b, a)

entry main [n] (xs: [n]f32) =
  let b = bounds xs
  let (p, q) = swap_pair (b.lo, b.hi)
  let s : pair real = (p + q, 2 * f32.sum xs / 2)
  in (scale 2 xs, p, q, s.0, s.1)
