-- Causality: `count <| keep xs` instantiates count (with the size of keep's
-- result) before keep runs, so the size is used before it is computed.
-- ==
-- error: error_size_causality_pipe\.dsl:9:32: error: size '[^']*' is used before it is computed: the type of 'count' needs it
-- error: error_size_causality_pipe\.dsl:9:41: note: '[^']*' is computed here; bind this with let beforehand

def count [n] (xs: [n]i32) : i64 = n
def keep (xs: []i32) : []i32 = filter (> 0) xs
entry main (xs: []i32) : i64 = count <| keep xs
