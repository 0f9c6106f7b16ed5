-- A number right after '.' is never a float: x.0.1 is two projections
-- (Futhark's lexer rule), also in a chain of record fields.
-- ==
-- input { 5i32 } output { 8i32 2i32 }

entry main (x: i32) : (i32, i32) =
  let t = ((1, x), 3)
  let r = {a = (1, (2, 3))}
  in (t.0.1 + t.1, r.a.1.0)
