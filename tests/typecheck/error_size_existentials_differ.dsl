-- The existential sizes of two filters are different sizes: their results cannot be zipped.
-- ==
-- error: error_size_existentials_differ\.dsl:8:12: error: cannot apply 'zip' to this argument: .*\(sizes .* do not match\)

entry main (xs: []i32) : [](i32, i32) =
  let a = filter (> 0) xs
  let b = filter (< 0) xs
  in zip a b
