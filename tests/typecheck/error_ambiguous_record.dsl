-- A record whose type only a field access constrains is ambiguous.
-- ==
-- error: error_ambiguous_record\.dsl:5:15: error: the type of this record is ambiguous: add a type annotation

def get_x r = r.x

entry main (x: i32) : i32 = x
