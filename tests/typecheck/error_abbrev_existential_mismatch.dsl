-- The places that write an abbreviation's existential size n share it: a result whose
-- two arrays have different sizes does not have the type.
-- ==
-- error: error_abbrev_existential_mismatch\.dsl:8:23: error: the body does not have the declared return type: .*\(sizes x and x\+1 do not match\)

type^ t = ?[n].([n]bool, bool -> [n]bool)

def mk (x: i64) : t = (replicate x true, \b -> replicate (x + 1) b)

entry main (x: i64) = (mk x).0
