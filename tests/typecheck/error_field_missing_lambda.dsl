-- A lambda's parameter gets its record type from the array, so a missing field is found.
-- ==
-- error: has no field 'z'

entry main (xs: []f32) : []f32 =
  let ps = map (\x -> {x, y = x}) xs
  in map (\p -> p.z) ps
