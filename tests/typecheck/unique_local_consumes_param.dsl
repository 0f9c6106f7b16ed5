-- A local function may consume its own unique parameter, and declare a unique
-- result built from it.
-- ==
-- input { [1i32, 2i32] } output { [7i32, 2i32] [1i32, 2i32] }

entry main (xs: []i32) : ([]i32, []i32) =
  let set0 (a: *[]i32) (v: i32) : *[]i32 = a with [0] = v
  let fresh = \(a: []i32) : *[]i32 -> copy a
  in (set0 (fresh xs) 7, xs)
