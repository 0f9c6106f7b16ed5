-- A lambda whose result type cannot be an array element: map of a lambda returning a function.
-- ==
-- error: cannot apply 'map' to this function: expected i32 -> .*, found i32 -> i32 -> i32 \(i32 -> i32 is a function type, but functions cannot be stored in arrays

entry main (xs: []i32) : []i32 =
  let fs = map (\x -> \y -> x + y) xs
  in map2 (\f x -> f x) fs xs
