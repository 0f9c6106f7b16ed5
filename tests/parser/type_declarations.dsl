-- Type abbreviations with type and size parameters; type~ for types that may
-- hide sizes and type^ for types that may be functions.
-- ==
-- input { 2i32 } output { 4i32 }

type t = i32
type pair 'a = (a, a)
type arr [n] = [n]f32
type~ many = []i32
type^ fn = i32 -> i32
type nested 'a [n] = {x: [n]a, y: pair a}

entry main (x: t) : t =
  let p: pair t = (x, x)
  let f: fn = (+ p.1)
  in f p.0
