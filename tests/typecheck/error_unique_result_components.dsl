-- Two unique results may not be the same array: the caller could update one and
-- read the other.
-- ==
-- error: error_unique_result_components\.dsl:8:7: error: this component of the result is unique, but it aliases component 2 of the same result \(both may be 'ys'\)

def twice (xs: *[]i32) : (*[]i32, *[]i32) =
  let ys = xs with [0] = 1
  in (ys, ys)

entry main (xs: *[]i32) : ([]i32, []i32) = twice xs
