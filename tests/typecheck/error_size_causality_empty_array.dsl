-- Causality: the empty array's rows have the size of the filter's result, which
-- is computed only by the next binding.
-- ==
-- error: error_size_causality_empty_array\.dsl:7:11: error: size '[^']*' is used before it is computed: this empty array needs it

entry main (xs: []i32) : [][]i32 =
  let a = [] : [][]i32
  let b = [filter (> 0) xs]
  in concat a b
