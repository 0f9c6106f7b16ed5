-- `[` right after a name, `)` or `]` indexes; after a space it starts an array
-- literal, so `f [1, 2]` applies f to an array while `a[1]` indexes a.
-- ==
-- input { [5i32, 6i32] } output { 3i32 6i32 20i32 5i32 7i32 }

def f (xs: [2]i32) : i32 = xs[0] + xs[1]

entry main (a: []i32) : (i32, i32, i32, i32, i32) =
  (f [1, 2], a[1], [10, 20][1], (a)[0], f [a[0] - 4, a[1]])
