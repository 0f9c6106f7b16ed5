-- A function that consumes its argument cannot be given to map: map does not
-- own the rows it passes.
-- ==
-- error: error_unique_consuming_function_argument\.dsl:9:7: error: a function that consumes its argument cannot be passed as an argument to another function

def bump (r: *[]i32) : *[]i32 = r with [0] = r[0] + 1

entry main (xss: *[][]i32) : [][]i32 =
  map bump xss
