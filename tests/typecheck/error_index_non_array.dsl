-- Indexing a value that is not an array.
-- ==
-- error: error_index_non_array\.dsl:5:29: error: cannot index a value of type i32

entry main (x: i32) : i32 = x[0]
