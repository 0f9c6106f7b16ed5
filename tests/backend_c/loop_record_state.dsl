-- A loop whose state is a record holding scalars and an array: fields updated one at
-- a time with `r with f = e`, the array field updated in place at i % 3.
-- ==
-- input { 5i64 }
-- output { 16i64 32i64 [8i64, 16i64, 4i64] }
-- input { 0i64 }
-- output { 0i64 1i64 [0i64, 0i64, 0i64] }
entry main (n: i64) =
  let r = loop r = {a = 0i64, b = 1i64, hist = replicate 3 0i64} for i < n do
            let r = r with a = r.b
            let r = r with b = r.a + r.b
            in r with hist = (copy r.hist with [i % 3] = r.a)
  in (r.a, r.b, r.hist)
