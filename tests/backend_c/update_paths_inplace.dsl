-- An update path through an array of records updates the field's array in place: one
-- update, no copy, as for `with [i]`.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] [5i32, 6i32] 1i64 }
-- output { [[1i32, 2i32], [3i32, 9i32]] [5i32, 6i32] }
-- structure { update 1 copy 0 }

def put (rs: *[]{a: [2]i32, b: i32}) (i: i64) : *[]{a: [2]i32, b: i32} =
  rs with [i].a[1] = 9

entry main (as: *[][2]i32) (bs: *[]i32) (i: i64) =
  let rs = put (zip as bs |> map (\(a, b) -> {a, b})) i
  in (map (.a) rs, map (.b) rs)
