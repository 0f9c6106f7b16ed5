-- Update paths that mix fields and index lists (`xs with [i].f = v`,
-- `r with a.b[i] = v`), as in Futhark: the nested update, in place where it indexes.
-- ==
-- input { [1i32, 2i32, 3i32] [10i32, 20i32, 30i32] 5i32 }
-- output { [1i32, 2i32, 3i32] [10i32, 5i32, 30i32] [0i64, 0i64, 42i64] 3i32 }

type pt = {x: i32, y: i32}

-- [i].y: the y of one element of an array of records.
def set_y (ps: *[]pt) (i: i64) (v: i32) : *[]pt = ps with [i].y = v

entry main (xs: []i32) (ys: []i32) (v: i32) =
  let ps = map2 (\x y -> {x, y}) xs ys
  let ps = set_y ps 1 v
  -- a.b[i]: an array inside nested records.
  let r = {a = {b = replicate 3 0i64, c = 1i32}, d = 2i32}
  let r = r with a.b[2] = 42
  -- [i].0: a tuple field of an element, and a field after a field.
  let t = [(1i32, 2i32), (3i32, 4i32)]
  let t = t with [1].0 = r.a.c + r.d
  in (map (.x) ps, map (.y) ps, r.a.b, t[1].0)
