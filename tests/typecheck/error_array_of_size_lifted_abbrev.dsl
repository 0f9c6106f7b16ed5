-- A type~ abbreviation may not be an array element.
-- ==
-- error: error_array_of_size_lifted_abbrev\.dsl:7:25: error: arrays of size-lifted types are not allowed: the element type is declared type~

type~ row = []f32

def twice (r: row) : [2]row = [r, r]
