-- Updating a parameter that is not declared unique; the note suggests declaring it unique.
-- ==
-- error: error_unique_nonunique_param\.dsl:6:31: error: 'xs' is consumed here, but it is a parameter not declared unique
-- error: error_unique_nonunique_param\.dsl:6:10: note: declare it unique to allow this: \(xs: \*\.\.\.\)

def set (xs: []i32) : []i32 = xs with [0] = 1

entry main (xs: []i32) : []i32 = set (copy xs)
