-- The rows of `for row in m` alias m, here a parameter that is not unique.
-- ==
-- error: 'm' is consumed here, but it is a parameter not declared unique
entry main (m: [][]i32) : i32 =
  loop acc = 0 for row in m do
    let row[0] = 5
    in acc + row[0]
