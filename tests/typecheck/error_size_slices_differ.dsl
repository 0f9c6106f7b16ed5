-- Slices xs[i:] and xs[i+1:] have sizes n-i and n-(i+1).
-- ==
-- error: sizes [a-z0-9_]+-i and [a-z0-9_]+-\(i\+1\) do not match

entry main (xs: []i32) (i: i64) : [](i32, i32) =
  zip xs[i:] xs[i + 1:]
