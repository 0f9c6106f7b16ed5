-- Type syntax in parameters: [n][m]t, [n * 2]t, *[n]t, tuples, records,
-- type application vec [n] t, and []t for any size.
-- ==
-- input { [1i32] } output { [14i32] }

type vec [n] 't = [n]t

def dup [n] (xs: [n]i32) : [n * 2]i32 = xs ++ xs :> [n * 2]i32

def f [n] [m] (a: [n][m]i32) (b: [n * 2]i32) (c: *[n]i32) (d: (i32, bool)) (e: {x: i32})
              (g: vec [n] i32) (h: []u8) : [n]i32 =
  map2 (+) c g |> map (+ (d.0 + e.x + i32.i64 (length h) + a[0, 0] + b[0]))

entry main [n] (xs: [n]i32) : [n]i32 =
  f (map (\x -> [x]) xs) (dup xs) (copy xs) (4, true) {x = 5} xs [7u8]
