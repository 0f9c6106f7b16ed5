-- Type abbreviations with type and size parameters: type pair 'a = (a, a), type vec [n] = [n]f32.
-- ==
-- input { [1f32, 2f32, 3f32] } output { 6f32 3i32 3i32 [2f32, 4f32, 6f32] }

type pair 'a = (a, a)
type vec [n] = [n]f32
type matrix [n] [m] 't = [n][m]t

def dot [n] (a: vec [n]) (b: vec [n]) : f32 = f32.sum (map2 (*) a b)
def both 'a (x: a) : pair a = (x, x)
def scale [n] (k: f32) (v: vec [n]) : vec [n] = map (* k) v
def diag [n] (v: vec [n]) : matrix [n] [n] f32 = map (\i -> map (\j -> if i == j then v[i] else 0) (iota n)) (iota n)

entry main [n] (v: vec [n]) : (f32, i32, i32, vec [n]) =
  let p: pair i32 = both 3
  let d = diag v
  in (dot v (map (\_ -> 1) v), p.0, p.1, map2 (\k row -> row[k] * 2) (iota n) d)
