-- scatter consumes its destination, which must not be a non-unique parameter.
-- ==
-- error: 'xs' is consumed here, but it is a parameter not declared unique

entry main (xs: []i32) : []i32 = scatter xs [0] [1]
