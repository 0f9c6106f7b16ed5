-- Polymorphic functions used at several types: a local polymorphic function applied to
-- i32, bool and a tuple, a polymorphic top-level function over arrays of records,
-- and type ascriptions (e : t) and typed patterns.
-- ==
-- input { 4i32 }
-- output { 4i32 true 1.5f64 [2i64, 1i64] [true, false] 7i32 }
def pick_first 't [n] (xs: [n]t) (d: t) : t = if n > 0 then xs[0] else d

entry main (x: i32) =
  let twin 'a (v: a) : (a, a) = (v, v)
  let (a, _) = twin x
  let (b, _) = twin true
  let ((c, _), _) = twin (1.5f64, 7u8)
  let (p: i64, q: i64) = (2, 1)
  in (a, b, c, [p, q] : [2]i64,
      map (.ok) (map (\r -> r) [{ok = pick_first [true] false}, {ok = pick_first [] false}]),
      (x + 3 : i32))
