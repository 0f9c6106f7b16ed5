-- A unique result may not alias a parameter that is not unique.
-- ==
-- error: error_unique_result_alias\.dsl:6:30: error: the result is declared unique, but it may alias the parameter 'xs', which is not unique
-- error: error_unique_result_alias\.dsl:6:8: note: 'xs' is declared here

def f (xs: []i32) : *[]i32 = xs

entry main (xs: []i32) : []i32 = f xs
